# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The random bots' draws, compiled (the pure build's ``_twister.py`` documents them):
the Mersenne Twister MT19937 as CPython's ``random.Random`` runs it, seeded from an int
as ``random.Random(seed)`` seeds it, giving the same floats.

Seeding fills the 624 words from a fixed start (the same for every seed) and then mixes
the key in; the fixed start is worked out once, here, where CPython works it out for
every generator. A seed that is not an int goes to ``random.Random`` itself.
"""

import random

__all__ = ["Twister", "draws", "generator"]

from libc.stdint cimport uint32_t
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport memcpy

cdef enum:
    N = 624
    M = 397

cdef uint32_t START[N]


cdef void _fill_start():
    # init_genrand(19650218) of the reference implementation
    cdef int i
    START[0] = 19650218
    for i in range(1, N):
        START[i] = 1812433253U * (START[i - 1] ^ (START[i - 1] >> 30)) + i


_fill_start()


cdef class Twister:
    """The generator of one seed; ``random()`` is ``random.Random(seed).random()``."""

    cdef uint32_t mt[N]
    cdef int index

    def __cinit__(self, seed):
        cdef object n = abs(int(seed))
        cdef Py_ssize_t length = max(1, (n.bit_length() + 31) // 32), j
        cdef uint32_t *key = <uint32_t *>PyMem_Malloc(length * sizeof(uint32_t))
        if key is NULL:
            raise MemoryError()
        try:
            for j in range(length):  # the seed's 32-bit words, lowest first
                key[j] = <uint32_t>(n & 0xFFFFFFFF)
                n >>= 32
            self._seed(key, length)
        finally:
            PyMem_Free(key)

    cdef void _seed(self, const uint32_t *key, Py_ssize_t length):
        cdef uint32_t *mt = self.mt
        cdef Py_ssize_t i = 1, j = 0, k
        memcpy(mt, START, sizeof(START))
        k = N if N > length else length
        while k:
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + <uint32_t>j
            i += 1
            j += 1
            if i >= N:
                mt[0] = mt[N - 1]
                i = 1
            if j >= length:
                j = 0
            k -= 1
        k = N - 1
        while k:
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - <uint32_t>i
            i += 1
            if i >= N:
                mt[0] = mt[N - 1]
                i = 1
            k -= 1
        mt[0] = 0x80000000U
        self.index = N

    cdef void _twist(self):
        cdef uint32_t *mt = self.mt
        cdef uint32_t y
        cdef int kk
        for kk in range(N - M):
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7FFFFFFFU)
            mt[kk] = mt[kk + M] ^ (y >> 1) ^ ((y & 1) * 0x9908B0DFU)
        for kk in range(N - M, N - 1):
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7FFFFFFFU)
            mt[kk] = mt[kk + M - N] ^ (y >> 1) ^ ((y & 1) * 0x9908B0DFU)
        y = (mt[N - 1] & 0x80000000U) | (mt[0] & 0x7FFFFFFFU)
        mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ ((y & 1) * 0x9908B0DFU)
        self.index = 0

    cdef inline uint32_t _next(self):
        cdef uint32_t y
        if self.index >= N:
            self._twist()
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680U
        y ^= (y << 15) & 0xEFC60000U
        return y ^ (y >> 18)

    def random(self):
        """The next float in [0, 1), as ``random.Random.random`` makes it from two words."""
        cdef uint32_t a = self._next() >> 5
        cdef uint32_t b = self._next() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def __reduce__(self):
        return _rebuilt, ([self.mt[i] for i in range(N)], self.index)


def _rebuilt(list words, int index):
    """A :class:`Twister` in the state ``words`` and ``index`` (unpickling); a state of
    another shape is refused, as nothing here checks bounds."""
    if len(words) != N or not 0 <= index <= N:
        raise ValueError("not the state of a Twister: 624 words and a place in them")
    cdef Twister made = Twister.__new__(Twister, 0)
    cdef int i
    for i in range(N):
        made.mt[i] = <uint32_t>words[i]
    made.index = index
    return made


def generator(seed):
    """A generator whose ``random()`` gives ``random.Random(seed).random()``'s floats."""
    if type(seed) is int:
        return Twister(seed)
    return random.Random(seed)


def draws(seed):
    """``random.Random(seed).random``: each call the next float of ``seed``'s stream."""
    return generator(seed).random
