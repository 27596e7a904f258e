"""Which files the package holds (the rest of the build is in pyproject.toml).

``assets/`` stays at the top of the repository and ships inside the package as
``scorekeeper.assets``: pyproject.toml's ``packages.find`` cannot add a package from a
folder mapped under another name, so the list of packages is made here.
"""
from setuptools import find_namespace_packages, find_packages, setup

ASSETS = ["scorekeeper.assets", *(f"scorekeeper.assets.{name}" for name in find_namespace_packages("assets"))]

setup(
    packages=[*find_packages(include=["scorekeeper", "scorekeeper.*"]), *ASSETS],
    package_dir={"scorekeeper.assets": "assets"},
    # the phone app's web files and the Pyodide wheel it carries (scorekeeper/phone_site)
    package_data={**{name: ["*"] for name in ASSETS}, "scorekeeper.phone_site": ["web/*", "vendor/*"]},
)
