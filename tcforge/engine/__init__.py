"""The headless rules engine of TC:TEFE.

The shape follows OpenSpiel's game states: a :class:`~tcforge.engine.state.GameState`
knows the player to act (a side, ``CHANCE`` or ``TERMINAL``), its legal
actions, applies an action fast or checked, lists the chance outcomes of a
pending die roll with their probabilities, clones and serializes itself.
Because every die roll is a chance outcome, a game's log of actions and die
results replays exactly, and exact odds are a walk over the same outcomes.

Layers, each importing only the ones above it in this list (tests/test_architecture.py
checks there is no cycle and no function-level import dodging one):

- ``rules``, ``outcome``, ``attacks``, ``board``, ``scenario_rules``: values with no
  engine imports: the ruleset's parameters typed and checked (``Rules``), how a
  game ended (``Outcome``), attack resolution over exact fractions, the
  battlefield's geometry, the protocol a scenario's rules follow
  (``ScenarioRules``: what the engine asks of them).
- ``actions``: one small immutable type per kind of action (``Shoot``, ``Move``,
  ``Step``, ... and the chance outcomes ``CardDrawn``, ``D10``) and per pending
  chance event (``HitRoll``, ``DrawEvent``, ...), each equal item for item to its
  JSON list form (``action_from_json`` reads a log's list back, refusing an
  unknown kind); the engine dispatches on the type, never on the kind's name.
- ``context``: what is under way in a side turn (``Context``: the play, a move, a
  fire, the melees, a window).
- ``units``, ``game``: card profiles and the static game (rules, board, terrain
  table, profiles, scenario hooks); they import the values and :mod:`tcforge.data`.
- ``core``: :class:`~tcforge.engine.core.CoreState`, the position's data and its
  primitives (a card entering, leaving, moving and attached: ``_enter``, ``_leave``, ``_relocate``, ``_attach``;
  discard, destroy, control, victory, fortifications, clone,
  JSON). It imports no rule module.
- ``changes``: which positions changed since when (``BoardStamps``), found by
  comparison, for the answers a player reuses from decision to decision; the
  core makes and owns them, and it imports nothing of the engine.
- ``smoke``, ``attachments``: a card family's rule in one module where it reaches into several mechanisms
  (Smoke, 9.5.1: laid by a card, artillery or HE fire, lifting, its effect on fire, melee and sight; the cards
  played onto one's own card, Tank Ace, Heroic Squad Leader and Special Ammunition: who takes them and what they add
  to its fire); the rule modules below call them.
- ``windows``: opening a reaction window and listing the Interrupts that fit; ``arrivals``: cards coming
  into play after the deal (a scenario's reinforcements, 17.5 and 20.0 rule 5; equipment set on its carrier;
  fortifications and terrain laid at set-up) or a scenario's rule takes out of it: the only way code outside the
  engine changes a position, the rule helpers of ``core`` being the engine's own (underscored).
- ``equipment``, then ``fire``, ``spotting`` (001's hidden units: who sees which card), ``movement``, then
  ``melee``, ``cards`` and ``breakthrough`` (001's exit off the map into the defender's reserve): the rules of
  each part of the play, as functions of a state; ``placing``: the set-up zones' cards and arriving
  reinforcements placed by their owner (6.2, 20.0 rule 5, 8.5, 8.6.1, 10.0), never by the engine.
- ``wire``: a card's rule in one module where it reaches into several mechanisms (001 Wire: the entry and exit
  windows, the moving group split, the card lifted as its owner's turn begins); the engine calls its hooks.
- ``reactions``: what an Interrupt played in a window does, and how the play it
  interrupted goes on (it reaches into movement, fire and cards).
- ``card_status``: what the engine implements of each card (``tcforge rules cards``).
- ``state``: the dispatcher. :class:`~tcforge.engine.state.GameState` is the core
  plus the phase tables sending each decision to its rule module, the turn
  flow and the chance events: the only entry for players, search and analysis.
- ``observation``, ``replay``: what one side may know of a position and full positions
  consistent with it (``observation``, ``determinize``: the only way a search reads the real
  state); chance sampled (``sample_chance``) and a game's log (its lines, read back and replayed).

The players, and the one loop that plays a game out with them, are not the engine's: they live in
:mod:`tcforge.agents` (``greedy``, ``plan:64``, ``rollout:32``), a layer above it.

Card ids the rules name come from :mod:`tcforge.data.card_ids`.
"""
