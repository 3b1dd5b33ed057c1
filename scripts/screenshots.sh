#!/usr/bin/env bash
# Remake the README's screenshots with the game's own off-screen renderer.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
out=docs/screenshots
size=1024x640
mkdir -p "$out"
opening="D4-D6 D4-D7 D4-F4 D4-D3 D4-E4 D7-B7 F4-F7 F4-F6 D7-C7 B7-B6 E4-E7 F6-F1 F7-F2 D3-G3"
ending="D3-D1 G3-B3 F2-B2 B6-A6 G3-G4 D4-B4 E7-E1 E7-E6 C7-C4 C7-C5 D1-A1 D1-C1 D1-D5 C1-C6"
ending="$ending B7-B5 A6-G6 B5-A5 C5-C2 C7-C3 D3-E3 A1-G1 B7-B1 B2-D2 E4-E2 D5-G5 E2-E5"
fireice=${FIREICE:-fireice}
# The menu offers to continue the opening below, as it does after a game was left. (A
# screenshot never reads or writes the player's own settings and kept game.)
sandbox=$(mktemp -d)
trap 'rm -rf "$sandbox"' EXIT
echo "$opening" | $fireice game import - -o "$sandbox/left.fireice"
$fireice --screenshot "$out/menu.png" --scene menu --open "$sandbox/left.fireice" --size "$size"
$fireice --screenshot "$out/game.png" --scene game --size "$size" --moves "$opening"
$fireice --screenshot "$out/win.png" --scene game --size "$size" --moves "$opening $ending"
$fireice --screenshot "$out/handicap.png" --scene handicap --size "$size"
$fireice --screenshot "$out/solitaire.png" --scene solitaire --deal 7 --size "$size" --moves "A2-A3" --hint
$fireice --screenshot "$out/computer.png" --scene computer --size "$size"
$fireice --screenshot "$out/hint.png" --scene game --size "$size" --moves "$opening" --hint
# A game between the strong level (Fire) and the casual level (Ice) up to Ice's 24th move,
# played here as A3-A2 (a blunder), analysed: the review opens at that mistake.
played="D4-A4 D4-E4 D4-C4 E4-G4 C4-C5 C4-F4 C4-B4 C4-C6 C4-C1 G4-G3 C1-A1 G3-A3 C5-E5 C6-A6 C6-D6"
played="$played C5-B5 A1-F1 C6-F6 F1-D1 F6-E6 F6-B6 F1-B1 C5-C2 A3-A2"
$fireice --screenshot "$out/review.png" --scene game --size "$size" --moves "$played" --analyse
$fireice --screenshot "$out/rules.png" --scene rules --page 3 --size "$size"
# Icebreaker: a game between two casual levels, part-way and to its end.
voyage="e9-e8 i5-h5 a1-b2 h5-g5 b2-c3 a5-b5 e8-f7 e1-e2 f7-e7 b5-c5 i1-h1 e2-d2 c3-c4 c5-c6"
voyage="$voyage h1-h2 d2-e3 h2-g3 g5-g4 e7-e6 c6-d6 g3-f3 e3-f2 e6-f6 d6-d7 c4-d4 f2-g1"
finish="f6-g6 g4-h4 g6-g7 h4-i3 g7-f8 i3-h3 d4-d3 h3-i2 f3-f4 g1-f1 f4-e4 d7-c7 d3-c2 c7-b6"
finish="$finish e4-e5 f1-e1 c2-b1 e1-d1 b1-c1 b6-a5 e5-d5 a5-a4 d5-c4 a4-b4 c4-b3 b4-a3 b3-a2"
finish="$finish a3-b3 f8-e9 i2-h2 e9-d8 h2-g2 c1-d2 g2-f3 d8-e8 f3-f4 e8-f8 f4-f5 a2-a3 f5-g5"
finish="$finish f8-g7 g5-g6 g7-h6"
$fireice --screenshot "$out/icebreaker.png" --scene icebreaker --size "$size" --moves "$voyage" --hint
$fireice --screenshot "$out/icebreaker-won.png" --scene icebreaker --size "$size" --moves "$voyage $finish"
$fireice --screenshot "$out/icebreaker-setup.png" --scene icebreaker-setup --size "$size"
$fireice --screenshot "$out/icebreaker-small.png" --scene icebreaker --size 4 --size "$size"
$fireice --screenshot "$out/rules-icebreaker.png" --scene rules --page 7 --size "$size"
# In Italian: a game with a hint, and the review.
$fireice --screenshot "$out/italian.png" --scene game --size "$size" --moves "D4-C4 D4-D5" --hint --language it
$fireice --screenshot "$out/italian-review.png" --scene game --size "$size" --moves "$played" --analyse --language it
