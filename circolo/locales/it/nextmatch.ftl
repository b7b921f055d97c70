## La prossima partita contro una persona che ha premuto anche lei Gioca subito per lo stesso gioco e modo.

web-next-match = Anche { $name } gioca a questo gioco contro i bot: vuoi giocare la prossima partita contro { $name }?
web-next-match-accept = Gioca con { $name }
web-next-match-decline = No, grazie
web-next-match-waiting = Aspettiamo che { $name } finisca la sua partita…
web-next-match-off = { $name } non giocherà la prossima partita.
error-no_offer = Qui non c'è nessuna prossima partita contro una persona in offerta.
error-not_over = La tua partita non è ancora finita.
