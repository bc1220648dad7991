"""The membership check at the desk: the federation's list, the flags, the admissions.

It warns and never blocks: seating turn 1 stays possible whatever the flags; a referee who
admits a flagged player gives the reason, which goes into the log and the homologation
workbook."""

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View

from tournaments.access import TournamentMixin
from tournaments.errors import Refused
from tournaments.kinds import kind_of
from tournaments.services import membership


class MemberListForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Member list (.csv or .xlsx)"))


class AdmitForm(forms.Form):
    pair = forms.IntegerField(min_value=1, max_value=99999)
    player = forms.IntegerField(min_value=1, max_value=6, required=False)  # the kind checks
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=500)


class MembershipView(TournamentMixin, View):
    template_name = "tournaments/membership.html"
    nav = "entrants"  # the registration page of every kind

    def page(self, request, status=200, **extra):
        result = membership.check(self.tournament)
        context = {
            "tournament": self.tournament,
            "nav": self.nav,
            "result": result,
            "seated": self.tournament.turn_set.exists(),
            "list_form": MemberListForm(),
            "can_replace_list": membership.can_replace_list(request.user),
            **extra,
        }
        return render(request, self.template_name, context, status=status)

    def get(self, request, slug):
        return self.page(request)


class MemberListView(MembershipView):
    """Load the federation's list: it replaces the previous one for every tournament, so only
    an administrator or a user with the permission may (403 otherwise, nothing changed)."""

    def post(self, request, slug):
        if not membership.can_replace_list(request.user):
            context = {"tournament": self.tournament, "nav": self.nav}
            return render(request, "tournaments/member_list_forbidden.html", context, status=403)
        form = MemberListForm(request.POST, request.FILES)
        if not form.is_valid():
            return self.page(request, status=400, list_form=form)
        upload = form.cleaned_data["file"]
        try:
            if upload.size > membership.MAX_LIST_BYTES:
                raise Refused(_("The member list is too big: save only its sheet, as CSV."))
            kept = membership.import_members(
                upload.name, upload.read(membership.MAX_LIST_BYTES + 1), user=request.user
            )
        except Refused as exc:
            form.add_error("file", exc.message)
            return self.page(request, status=400, list_form=form)
        messages.success(
            request,
            _("Member list loaded: %(n)d members. It replaces the previous one.")
            % {"n": kept.members_count},
        )
        return redirect("membership", slug)


class AdmitView(MembershipView):
    def post(self, request, slug):
        form = AdmitForm(request.POST)
        if not form.is_valid():
            if "reason" in form.errors:
                messages.error(request, _("Give the reason for admitting the player."))
            elif "player" in form.errors:
                messages.error(request, kind_of(self.tournament).no_such_member)
            else:
                value = str(request.POST.get("pair", ""))[:20]
                messages.error(
                    request,
                    _("%(value)s is not a %(entrant)s number.")
                    % {"value": value, "entrant": kind_of(self.tournament).entrant_noun},
                )
            return self.page(request, status=400)
        data = form.cleaned_data
        try:
            kind_of(self.tournament).admit(
                self.tournament,
                data["pair"],
                member=data["player"],
                reason=data["reason"],
                user=request.user,
            )
        except Refused as exc:
            messages.error(request, exc.message)
            return self.page(request, status=400)
        messages.success(request, _("Admitted: the reason is in the log."))
        return redirect("membership", slug)
