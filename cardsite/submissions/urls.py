"""The public "Add a missing card" pages, and the reviewers' pages under admin/."""
from django.urls import path

from cardsite.submissions import review_views, views

urlpatterns = [
    path("cards/<slug:game>/submit/", views.start, name="submission-start"),
    path("cards/<slug:game>/submit/<str:token>/", views.draft, name="submission-draft"),
    path("cards/<slug:game>/submit/<str:token>/reading/", views.reading,
         name="submission-reading"),
    path("cards/<slug:game>/submit/<str:token>/photo/<str:face>/", views.photo,
         name="submission-photo"),
    path("admin/submissions/review/", review_views.queue, name="submission-queue"),
    path("admin/submissions/review/<int:pk>/", review_views.review, name="submission-review"),
    path("admin/submissions/review/<int:pk>/photo/<str:face>/", review_views.photo,
         name="submission-review-photo"),
    path("admin/submissions/batch/", review_views.batch_upload, name="submission-batch"),
]
