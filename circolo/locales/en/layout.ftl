# The page's landmarks and the table's layout: where the skip link goes, the names of the
# navigation and action areas for screen readers, the partner's mark, the latest moves.
web-skip-main = Skip to the page
web-skip-table = Skip to the table
web-nav-main = Site
web-actions = Your moves
web-partner = Partner
web-recent = Latest moves
