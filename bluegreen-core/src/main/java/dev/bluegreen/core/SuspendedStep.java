package dev.bluegreen.core;

/**
 * Decisions in {@code SUSPENDED_X}: X was suspended on the user's request. Every change is applied
 * in place, since there is no running job to hand over.
 */
final class SuspendedStep {
    private SuspendedStep() {}

    static Plan decide(Step s) {
        if (!s.childX().exists()) {
            return Changes.recreate(s, "suspended " + s.x.lowerCase() + " child is missing");
        }
        ChangeKind change = s.desired.change();
        if (s.desiredIsStable() || change == ChangeKind.IGNORE) {
            return Plans.stay(
                    s, Reason.SUSPENDED, s.x.lowerCase() + " is suspended", Requeue.EVENTS_ONLY);
        }
        return Changes.retryGate(s, SuspendedStep::change);
    }

    private static Plan change(Step s) {
        if (s.desired.change() == ChangeKind.PARENT_ONLY) {
            return Changes.updateParent(s);
        }
        return Changes.patch(
                s, s.desired.suspended() ? Reason.PATCH_STARTED : Reason.RESUME_STARTED);
    }
}
