"""The pegs' sounds: short wooden knocks, synthesised at start-up (no sound files needed)."""

from __future__ import annotations

import array
import math
import random

import pygame

RATE = 22050


def _knock(pitch: float, length: float, noise: float, seed: int) -> array.array[int]:
    """A damped, slightly detuned pair of partials with a breath of noise: wood on wood."""
    rng = random.Random(seed)
    count = int(RATE * length)
    samples = array.array("h")
    for i in range(count):
        t = i / RATE
        envelope = math.exp(-t * 55.0) * min(1.0, t * 2000.0)
        tone = 0.65 * math.sin(2 * math.pi * pitch * t) + 0.35 * math.sin(
            2 * math.pi * pitch * 2.76 * t
        )
        hiss = (rng.random() * 2 - 1) * noise * math.exp(-t * 160.0)
        value = (tone * envelope + hiss) * 0.5
        samples.append(int(max(-1.0, min(1.0, value)) * 32767))
    return samples


class Sounds:
    """Plays "pick" and "place"; silent where there is no audio device or sound is off.

    Nothing is made (and no audio device opened) until sound is first wanted.
    """

    def __init__(self, enabled: bool) -> None:
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._loaded = False
        self.enabled = enabled

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = value
        if value and not self._loaded:
            self._loaded = True
            self._load()

    def _load(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            frequency, _, channels = pygame.mixer.get_init()
        except pygame.error:
            return
        for name, (pitch, length, noise, seed) in {
            "pick": (880.0, 0.07, 0.25, 1),
            "place": (520.0, 0.11, 0.45, 2),
        }.items():
            samples = _knock(pitch * RATE / frequency, length, noise, seed)
            if channels == 2:
                stereo = array.array("h")
                for value in samples:
                    stereo.extend((value, value))
                samples = stereo
            self._sounds[name] = pygame.mixer.Sound(buffer=samples.tobytes())

    def play(self, name: str) -> None:
        """Play a named sound if sound is on and the device exists."""
        sound = self._sounds.get(name)
        if self.enabled and sound is not None:
            sound.play()
