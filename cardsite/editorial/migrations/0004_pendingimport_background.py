from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("editorial", "0003_pendingimport_preview"),
    ]

    operations = [
        migrations.AddField(
            model_name="pendingimport",
            name="status",
            field=models.CharField(choices=[
                ("previewed", "Previewed"), ("queued", "Waiting for the worker"),
                ("running", "Being applied"), ("applied", "Applied"),
                ("stale", "Changed by someone else: nothing written"),
                ("failed", "Failed: nothing written")], default="previewed", max_length=10),
        ),
        migrations.AddField(
            model_name="pendingimport",
            name="task_id",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AddField(
            model_name="pendingimport",
            name="outcome",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
