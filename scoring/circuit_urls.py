"""A circuit's addresses: the desk's (`/circuits/…`, its owner or staff) and the players'
(`/c/<slug>/…`, no login). Only a slug in the path."""

from django.urls import path

from scoring.views import circuits as views

desk = [
    path("", views.CircuitListView.as_view(), name="circuit_list"),
    path("<slug:slug>/", views.CircuitDeskView.as_view(), name="circuit_desk"),
    path("<slug:slug>/stages/add/", views.StageAddView.as_view(), name="circuit_stage_add"),
    path(
        "<slug:slug>/stages/remove/", views.StageRemoveView.as_view(), name="circuit_stage_remove"
    ),
    path("<slug:slug>/merge/", views.MergeView.as_view(), name="circuit_merge"),
    path("<slug:slug>/merge/undo/", views.MergeUndoView.as_view(), name="circuit_merge_undo"),
    path("<slug:slug>/standings.pdf", views.DownloadView.as_view(fmt="pdf"), name="circuit_pdf"),
    path("<slug:slug>/standings.xlsx", views.DownloadView.as_view(fmt="xlsx"), name="circuit_xlsx"),
    path("<slug:slug>/standings.json", views.DownloadView.as_view(fmt="json"), name="circuit_json"),
    path("<slug:slug>/documents/", views.CircuitDocumentsView.as_view(), name="circuit_documents"),
    path(
        "<slug:slug>/documents/<int:pk>/",
        views.CircuitDocumentDownloadView.as_view(),
        name="circuit_document_download",
    ),
]

public = [
    path("", views.PublicCircuitView.as_view(), name="circuit_public"),
    path("screen/", views.PublicScreenView.as_view(), name="circuit_screen"),
]
