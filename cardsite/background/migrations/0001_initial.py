from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="TaskProgress",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("task_id", models.CharField(max_length=64, unique=True)),
                ("done", models.PositiveIntegerField(default=0)),
                ("total", models.PositiveIntegerField(blank=True, help_text="Blank: not known yet.", null=True)),
                ("message", models.CharField(blank=True, max_length=200)),
                ("updated", models.DateTimeField(auto_now=True)),
            ],
            options={"verbose_name_plural": "task progress"},
        ),
    ]
