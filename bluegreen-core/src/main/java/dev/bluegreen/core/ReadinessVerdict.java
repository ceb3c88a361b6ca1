package dev.bluegreen.core;

import java.time.Instant;
import java.util.Objects;

/** The answer of a {@link ReadinessPolicy}. */
public sealed interface ReadinessVerdict {

    /** Ready: traffic may move to the candidate. */
    record Ready() implements ReadinessVerdict {}

    /** Not ready before {@code at} (e.g. soak time); decide again then. */
    record WaitUntil(Instant at, String why) implements ReadinessVerdict {
        public WaitUntil {
            Objects.requireNonNull(at, "at == null");
            Objects.requireNonNull(why, "why == null");
        }
    }

    /** Not ready, and only a change of the observation can make it ready. */
    record NotReady(String why) implements ReadinessVerdict {
        public NotReady {
            Objects.requireNonNull(why, "why == null");
        }
    }

    /**
     * The policy itself failed: it threw, or did not answer in time (the controller's containment
     * of an extension's policy says so). Counts as not ready, never as ready; the engine reports it
     * with {@link Reason#READINESS_FAILED} (a Warning) and, like {@link NotReady}, waits until the
     * catch-up deadline.
     *
     * @param why what failed, e.g. the exception's class and message
     */
    record Failed(String why) implements ReadinessVerdict {
        public Failed {
            Objects.requireNonNull(why, "why == null");
        }
    }

    /** The singleton-like ready verdict. */
    static ReadinessVerdict ready() {
        return new Ready();
    }
}
