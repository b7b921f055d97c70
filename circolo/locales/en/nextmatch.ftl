## Your next match against a person who also pressed Play now for the same game and mode.

web-next-match = { $name } also plays this game against bots: play your next match against { $name }?
web-next-match-accept = Play { $name }
web-next-match-decline = No, thanks
web-next-match-waiting = Waiting for { $name } to finish their match…
web-next-match-off = { $name } will not play the next match.
error-no_offer = No next match against a person is on offer here.
error-not_over = Your match is not over yet.
