## Le pagine delle regole e gli aiuti accanto ai comandi del tavolo.

web-rules = Regole
web-rules-of = Come si gioca a { $game }
web-rules-contents = Indice
web-rules-new-tab = Apri in una nuova scheda
web-rules-missing = Non è stato possibile caricare le regole. Riprova tra poco.
web-hint-label = Aiuto
web-hint-more = Leggi le regole
web-hint-copas = Tagli tu: scegli la briscola prima che si veda una carta. Copas: briscola cuori e la mano vale doppio. Sorteggio: si gira una carta e il suo seme è briscola.
web-hint-trump-ace = L'Asso di briscola si gioca solo dopo che è uscito il 7 di briscola, tranne nell'ultima presa o se giochi per ultimo con in mano solo l'Asso e il 7 di briscola.
web-hint-trump-seven = In 2 contro 2 il 7 di briscola non può chiudere la presa, tranne nell'ultima presa della mano o se hai in mano solo l'Asso e il 7 di briscola.
web-hint-cut = Prima di ogni mano taglia chi sta alla sinistra del mazziere: scegli quante carte (da 4 a 36) passano dalla cima al fondo del mazzo. Se il tempo scade, il taglio è a caso.
web-hint-clock = Verde: il tempo del turno (pescata, giochi e scarto). Arancione: la tua riserva, che scende quando il verde è finito e cresce con i turni veloci. Con la riserva a zero la partita è persa.
web-hint-house = In questa sala: al massimo una matta per gioco, niente combinazioni di pinelle, e si chiude solo con un burraco e scartando una carta che non sia una matta. Questa partita: { $length }.
web-hint-hands = { $count ->
    [one] una smazzata
   *[other] { $count } smazzate
}
web-hint-to-points = ai { $target } punti
