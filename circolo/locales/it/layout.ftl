# The page's landmarks and the table's layout: where the skip link goes, the names of the
# navigation and action areas for screen readers, the partner's mark, the latest moves.
web-skip-main = Vai al contenuto
web-skip-table = Vai al tavolo
web-nav-main = Sito
web-actions = Le tue mosse
web-partner = Compagno
web-recent = Ultime mosse
