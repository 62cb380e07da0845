"""Store a finished tournament's winner, so the list need not compute every podium per view.

Tournaments that finished before this field existed are filled on their first listing
(tournaments.selectors.tournaments_listed), not here: the podium's tie-breaks need the live
models, which a migration must not use.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_clock"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="winner_name",
            field=models.CharField(blank=True, default="", max_length=150),
        ),
    ]
