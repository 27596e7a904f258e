"""One screen per module; the route templates that lead to each are `routes.ROUTES`.

Each module defines `Screen(app, **params)` with `build() -> ft.View`
(see README-dev.md).  `:name` parts of a template become keyword arguments.
"""
