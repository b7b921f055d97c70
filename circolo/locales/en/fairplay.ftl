## Fair play: the wait before Play now after repeated abandonments.

error-play_now_delayed = You left { $abandoned } matches before their end: Play now opens again at { $until }. Finish a few matches and the slate is wiped.
