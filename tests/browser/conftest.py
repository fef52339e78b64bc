from browserkit import browser_page  # noqa: F401  (the fixture every browser test takes)
