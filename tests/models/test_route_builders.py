"""Every route the app goes to is made by a builder of `routes.py` (issue 27), and each builder's
route is read back by `routes.parse` as the template and parameters it was built from."""
from __future__ import annotations

from scorekeeper.gui import routes


def test_every_builder_makes_a_route_that_reads_back_as_its_template():
    built = {
        routes.home(): (routes.HOME, {}),
        routes.new_game(): (routes.NEW, {}),
        routes.stats(): (routes.STATS, {}),
        routes.rules(): (routes.RULES, {}),
        routes.game("g1"): (routes.GAME, {"game_id": "g1"}),
        routes.table("g1"): (routes.TABLE, {"game_id": "g1"}),
        routes.edit("g1", 3): (routes.EDIT, {"game_id": "g1", "number": "3"}),
        routes.hand("g1", 4): (routes.HAND, {"game_id": "g1", "number": "4"}),
        routes.line_rule("g1", 4, "bags.penalty"): (routes.LINE_RULE, {"game_id": "g1", "number": "4",
                                                                       "key": "bags.penalty"}),
        routes.history("g1"): (routes.HISTORY, {"game_id": "g1"}),
        routes.game_rules("g1"): (routes.GAME_RULES, {"game_id": "g1"}),
        routes.what_if("g1"): (routes.WHAT_IF, {"game_id": "g1"}),
        routes.chart("g1"): (routes.CHART, {"game_id": "g1"}),
        routes.share("g1"): (routes.SHARE, {"game_id": "g1"}),
    }
    templates = {template for template, _ in routes.ROUTES}
    for route, (template, params) in built.items():
        place = routes.parse(route)
        assert place is not None and place.template == template, route
        assert dict(place.params) == params, route
    # every screen's template has its builder here (the join screens are reached by link only)
    assert templates - {t for t, _ in built.values()} == {routes.JOIN, routes.JOIN_CODE}


def test_the_builders_queries():
    assert routes.rules("solo") == "/rules?preset=solo"
    assert routes.query_of(routes.rules("solo")) == {"preset": "solo"}
    assert routes.game("g1", tab="sheet") == "/game/g1?tab=sheet"
    assert routes.query_of(routes.game("g1", tab="sheet")) == {"tab": "sheet"}
    assert routes.parse(routes.game("g1", tab="sheet")).template == routes.GAME
