#!/usr/bin/env python3
"""Writes toggle.lottie, the state machine tests' archive (dotLottie 2), to the path given.

The animation (200 x 200 points, 60 frames at 30 fps): a layer "Button", an 80 x 80 square
from (20, 20) to (100, 100), red until frame 25 and green from there (a hold keyframe); a
layer "Backdrop", a blue square from (120, 120) to (180, 180). Markers "off" (frames 0-10) and
"on" (frames 30-40). The state machine "switch" (the manifest's initial): states "off"
(segment "off", autoplay) and "on" (segment "on", autoplay, speed 2), a boolean input "on",
Boolean guards between them, and a PointerDown on "Button" that toggles "on" -- a toggle
button as dotLottie makes one. Used by scripts/test/state-machine-test.py and
state-machine-window-test.sh.
"""
import json
import sys
import zipfile


def square(name, centre, size, colour):
    return {"ty": 4, "nm": name, "ip": 0, "op": 60, "st": 0,
            "ks": {"a": {"a": 0, "k": [0, 0]}, "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
                   "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}},
            "shapes": [{"ty": "rc", "nm": "Rect", "p": {"a": 0, "k": centre}, "s": {"a": 0, "k": [size, size]}, "r": {"a": 0, "k": 0}},
                       {"ty": "fl", "nm": "Fill", "c": colour, "o": {"a": 0, "k": 100}}]}


ANIMATION = {
    "v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 200, "h": 200, "nm": "toggle",
    "markers": [{"cm": "off", "tm": 0, "dr": 10}, {"cm": "on", "tm": 30, "dr": 10}],
    "layers": [
        square("Button", [60, 60], 80, {"a": 1, "k": [{"t": 0, "s": [1, 0, 0, 1], "h": 1}, {"t": 25, "s": [0, 0.8, 0, 1]}]}),
        square("Backdrop", [150, 150], 60, {"a": 0, "k": [0, 0, 1, 1]}),
    ],
}


def guard(value):
    return [{"type": "Boolean", "inputName": "on", "conditionType": "Equal", "compareTo": value}]


MACHINE = {
    "initial": "off",
    "states": [
        {"name": "off", "type": "PlaybackState", "animation": "", "autoplay": True, "segment": "off",
         "transitions": [{"type": "Transition", "toState": "on", "guards": guard(True)}]},
        {"name": "on", "type": "PlaybackState", "animation": "", "autoplay": True, "segment": "on", "speed": 2,
         "transitions": [{"type": "Transition", "toState": "off", "guards": guard(False)}]},
    ],
    "interactions": [{"type": "PointerDown", "layerName": "Button", "actions": [{"type": "Toggle", "inputName": "on"}]}],
    "inputs": [{"type": "Boolean", "name": "on", "value": False}],
}

MANIFEST = {"version": "2", "generator": "LayerKit tests", "animations": [{"id": "toggle"}],
            "stateMachines": [{"id": "switch"}], "initial": {"animation": "toggle", "stateMachine": "switch"}}


# A second animation for a state that names it (`PlaybackState.animation`): 60 fps, frames
# 100-160, one layer "Disc", a blue square (60 x 60 at the centre) from frame 100 on.
SECOND = {
    "v": "5.7.0", "fr": 60, "ip": 100, "op": 160, "w": 200, "h": 200, "nm": "second",
    "layers": [dict(square("Disc", [100, 100], 60, {"a": 0, "k": [0, 0, 1, 1]}), ip=100, op=160)],
}

# "switch" with its "on" state showing the animation "second" (looping), "off" "toggle".
SWITCHING = json.loads(json.dumps(MACHINE))
SWITCHING["states"][0]["animation"] = "toggle"
SWITCHING["states"][1].update({"animation": "second", "segment": None, "loop": True, "speed": 1})
del SWITCHING["states"][1]["segment"]

# The second animation with its Disc's fill in a slot "disc_colour" (blue), and "switch" whose
# "on" state (showing "second") turns it yellow: slots belong to the animation shown.
SECOND_SLOTTED = json.loads(json.dumps(SECOND))
SECOND_SLOTTED["slots"] = {"disc_colour": {"p": {"a": 0, "k": [0, 0, 1, 1]}}}
SECOND_SLOTTED["layers"][0]["shapes"][1]["c"]["sid"] = "disc_colour"
SWITCHING_SLOTS = json.loads(json.dumps(SWITCHING))
SWITCHING_SLOTS["states"][1]["slots"] = [{"slotId": "disc_colour", "type": "Color", "value": [1, 1, 0]}]


# Dragging (dotLottie's DragAndDrop): the toggle animation with the Button placed by a slot
# "button_pos" (0, 0: where it is drawn anyway) and "Backdrop" a drop zone; a state slot turns
# the Backdrop's fill yellow once the button docks there ("docked").
DRAGGABLE = json.loads(json.dumps(ANIMATION))
DRAGGABLE["slots"] = {"button_pos": {"p": {"a": 0, "k": [0, 0]}}, "backdrop_colour": {"p": {"a": 0, "k": [0, 0, 1, 1]}}}
DRAGGABLE["layers"][0]["ks"]["p"]["sid"] = "button_pos"
DRAGGABLE["layers"][1]["shapes"][1]["c"]["sid"] = "backdrop_colour"
DRAG = {
    "initial": "free",
    "states": [
        {"name": "free", "type": "PlaybackState", "animation": "",
         "transitions": [{"type": "Transition", "toState": "docked",
                          "guards": [{"type": "Numeric", "inputName": "docks", "conditionType": "Equal", "compareTo": 1}]}]},
        {"name": "docked", "type": "PlaybackState", "animation": "",
         "slots": [{"slotId": "backdrop_colour", "type": "Color", "value": [1, 1, 0]}]},
    ],
    "interactions": [{"type": "DragAndDrop", "layerName": "Button", "slotId": "button_pos",
                      "dropZones": [{"layerName": "Backdrop", "snap": [100, 0],
                                     "actions": [{"type": "Increment", "inputName": "docks"}]}]}],
    "inputs": [{"type": "Numeric", "name": "docks", "value": 0}],
}


def write(path, machine=MACHINE, second=False, animation=ANIMATION):
    """`second`: True for SECOND, or the second animation itself."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        manifest = json.loads(json.dumps(MANIFEST))
        if second:
            manifest["animations"].append({"id": "second"})
        z.writestr("manifest.json", json.dumps(manifest))
        z.writestr("a/toggle.json", json.dumps(animation))
        if second:
            z.writestr("a/second.json", json.dumps(SECOND if second is True else second))
        z.writestr("s/switch.json", json.dumps(machine))


if __name__ == "__main__":
    write(sys.argv[1])
