"""Adapters to the frameworks researchers use: PettingZoo and OpenSpiel.

Each adapter is its own module, imported on demand, and needs the ``rl``
extra (``pip install 'raise-the-sum[rl]'``): numpy, gymnasium, PettingZoo
and OpenSpiel. Importing this package imports none of them.

* :mod:`raise_the_sum.adapters.pettingzoo`: an AEC environment, one agent per seat.
* :mod:`raise_the_sum.adapters.openspiel`: the game ``python_raise_the_sum``,
  registered with OpenSpiel when the module is imported.

Both number actions with :mod:`raise_the_sum.encoding` and describe a seat's
view with the same features (:mod:`raise_the_sum.adapters.features`).
"""
