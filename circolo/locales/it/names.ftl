## Il nome del giocatore: sceglierlo alla prima visita, cambiarlo nelle impostazioni.

web-name-welcome = Ti diamo il benvenuto al Circolo! Come vuoi farti chiamare?
web-name-why = Gli altri giocatori ti vedranno con questo nome al tavolo. Puoi cambiarlo quando vuoi nelle impostazioni.
web-name-label = Il tuo nome
web-name-hint = Da 2 a 20 caratteri: lettere, numeri, spazi e . - _ '
web-name-save = Salva il nome
web-name-another = Un altro nome
web-name-later = Più tardi
web-name-saved = Ora ti chiami { $name }.
web-name-edit = Cambia il tuo nome

error-name_length = Il nome deve avere da 2 a 20 caratteri.
error-name_characters = Usa solo lettere, numeri, spazi e . - _ '
error-name_letter = Il nome deve contenere almeno una lettera.
error-name_invisible = Il nome contiene caratteri invisibili o che cambiano la direzione del testo: toglili.
error-name_reserved = Questo nome si potrebbe confondere con un bot o con il Circolo: scegline un altro.
error-name_taken = Un altro giocatore presente si chiama già così: scegli un altro nome.
error-cross_site = Questa richiesta non viene dalla pagina del Circolo.
error-bad_request = Richiesta non valida: ricarica la pagina.
