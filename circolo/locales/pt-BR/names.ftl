## O nome do jogador: escolhido na primeira visita, alterado nas configurações.

web-name-welcome = Boas-vindas ao Circolo! Que nome você quer usar?
web-name-why = Os outros jogadores vão ver esse nome na mesa. Você pode mudar quando quiser nas configurações.
web-name-label = Seu nome
web-name-hint = De 2 a 20 caracteres: letras, números, espaços e . - _ '
web-name-save = Salvar nome
web-name-another = Outro nome
web-name-later = Depois
web-name-saved = Agora seu nome é { $name }.
web-name-edit = Mudar seu nome

error-name_length = O nome precisa ter de 2 a 20 caracteres.
error-name_characters = Use só letras, números, espaços e . - _ '
error-name_letter = O nome precisa ter pelo menos uma letra.
error-name_invisible = O nome tem caracteres invisíveis ou que mudam a direção do texto: tire-os.
error-name_reserved = Esse nome pode ser confundido com um robô ou com o Circolo: escolha outro.
error-name_taken = Outro jogador que está aqui já usa esse nome: escolha outro.
error-cross_site = Esse pedido não veio da página do Circolo.
error-bad_request = Pedido inválido: recarregue a página.
