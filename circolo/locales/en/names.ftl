## The player's name: chosen at the first visit, changed in Settings.

web-name-welcome = Welcome to Circolo! What should we call you?
web-name-why = The other players see this name at the table. You can change it any time in Settings.
web-name-label = Your name
web-name-hint = 2 to 20 characters: letters, digits, spaces and . - _ '
web-name-save = Save name
web-name-another = Another name
web-name-later = Later
web-name-saved = Your name is now { $name }.
web-name-edit = Change your name

error-name_length = A name has 2 to 20 characters.
error-name_characters = Use only letters, digits, spaces and . - _ '
error-name_letter = A name needs at least one letter.
error-name_invisible = The name has invisible or direction-changing characters: remove them.
error-name_reserved = That name could pass for a bot or for Circolo: choose another.
error-name_taken = Another player here already has that name: choose another.
error-cross_site = This request did not come from Circolo's page.
error-bad_request = Invalid request: reload the page.
