## The room: setup, players, turns, prompts, hand and match results.

language-self = English
game-scopa = Scopa
game-bisca = Bisca Capixaba
game-burraco = Burraco
level-random = Easy
level-greedy = Medium
level-expert = Expert
setup-language = Language / Lingua / Idioma?
setup-game = Which game do you want to play?
setup-level = How strong are the bots?
welcome = Circolo — { $game }. You are in seat { $seat }. Type the number of your choice; Ctrl-D to quit.
bot-name = { $seat ->
    [1] Bruno
    [2] Carla
    [3] Dario
   *[other] Elena
}
bot-label = { $name } (Bot, { $level })
opponent-one = You play against { $opponent }.
opponent-team = Your partner is { $partner }; your opponents are { $opponents }.
you = You
seat = seat { $seat }
# A side as a player sees it. $who: you (1 v 1), we (your team), other (one opponent),
# they (a team of others); $name: the player's or the team's names.
side-name = { $who ->
    [you] You
    [we] Your team ({ $name })
   *[other] { $name }
}
your-turn = Your turn.
choose = Choose [1-{ $count }]: 
not-a-choice = Type a number from 1 to { $count }.
go-back = Go back
points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
cards-count = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
hand-over = { $game ->
    [burraco] The hand is over.
   *[other] The hand is over.
}
hand-points = { $game ->
    [burraco] Points this hand
   *[other] Points this hand
}
match-score = Match score: { $scores }
target-points = The match is played to { $target } points.
target-single = The match is a single hand.
target-hands = The match is { $hands ->
    [one] one hand
   *[other] { $hands } hands
}; the highest total wins.
to-go-points = first to { $target } wins
to-go-hands = hand { $played } of { $hands }
press-enter = Press Enter to continue.
match-won = { $who ->
    [you] You win the match!
    [we] Your team wins the match!
    [they] { $name } win the match.
   *[other] { $name } wins the match.
}
match-drawn = The match is drawn.
decide = Both sides reached the target in the same hand. What do you vote for?
choice-replay = Replay the hand (the score goes back to where it stood before)
choice-draw = Call the match a draw
goodbye = Goodbye.

## Events common to every game.

event-hand-over = { $game ->
    [burraco] The hand is over.
   *[other] The hand is over.
} { $scores }.
event-side-points = { $name }: { points }
event-auto-move = { $who ->
    [you] Time's up: automatic move for you.
   *[other] Time's up: automatic move for { $name }.
}
