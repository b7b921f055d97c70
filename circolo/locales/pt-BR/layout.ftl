# The page's landmarks and the table's layout: where the skip link goes, the names of the
# navigation and action areas for screen readers, the partner's mark, the latest moves.
web-skip-main = Pular para o conteúdo
web-skip-table = Pular para a mesa
web-nav-main = Site
web-actions = Suas jogadas
web-partner = Parceiro
web-recent = Últimas jogadas
