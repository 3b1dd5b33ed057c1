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
# The player's own settings and autosave stay out of the pictures; the menu shows Continue
# for the opening below, as it does after a game was left.
sandbox=$(mktemp -d)
trap 'rm -rf "$sandbox"' EXIT
export FIREICE_CONFIG_DIR="$sandbox/config" FIREICE_DATA_DIR="$sandbox/data"
mkdir -p "$FIREICE_DATA_DIR"
echo "$opening" | $fireice game import - -o "$FIREICE_DATA_DIR/autosave.fireice"
$fireice --screenshot "$out/menu.png" --scene menu --size "$size"
$fireice --screenshot "$out/game.png" --scene game --size "$size" --moves "$opening"
$fireice --screenshot "$out/win.png" --scene game --size "$size" --moves "$opening $ending"
$fireice --screenshot "$out/handicap.png" --scene handicap --size "$size"
$fireice --screenshot "$out/solitaire.png" --scene solitaire --deal 7 --size "$size" --moves "A2-A3" --hint
$fireice --screenshot "$out/computer.png" --scene computer --size "$size"
$fireice --screenshot "$out/hint.png" --scene game --size "$size" --moves "$opening" --hint
$fireice --screenshot "$out/rules.png" --scene rules --page 3 --size "$size"
