## Fair play: the wait before Play now after repeated abandonments.

error-play_now_delayed = Hai abbandonato { $abandoned } partite prima della fine: «Gioca subito» si riapre alle { $until }. Finisci qualche partita e si riparte da zero.
