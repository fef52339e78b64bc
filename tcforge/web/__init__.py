"""``tcforge serve``: a local web page to play a scenario against the computer and to watch any logged game (issue 38).

The web layer only calls the play API: :mod:`tcforge.play.human` plays the game (the engine's state, the computer's
player, the log), :mod:`tcforge.play.account` tells it, :func:`tcforge.engine.observation.observation` says what the
person's side may see. Modules:

- :mod:`tcforge.web.svg`: a canvas that writes SVG, so that the scenario sheet's map draws the board;
- :mod:`tcforge.web.board`: that map with the stacks of the moment on it;
- :mod:`tcforge.web.protocol`: the typed decision protocol (requests and the refusals they may get);
- :mod:`tcforge.web.view`: what the page is sent: the person's side's view, never the state;
- :mod:`tcforge.web.sessions`: the games and watched logs on the server, keyed by unguessable ids;
- :mod:`tcforge.web.app`: the Starlette application (routes, one-line refusals).

The page itself (HTML, CSS, vanilla JavaScript) lives in templates/web/ and fetches nothing from the internet.
"""
