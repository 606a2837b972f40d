"""The lesson notebooks and play.ipynb (the Voila app), shipped inside the package as ``hearts_tutor.lessons``."""
