package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.internal.apply.InstalledCrds;
import dev.bluegreen.operator.internal.validate.SchemaValidator;
import dev.bluegreen.operator.internal.validate.SpecValidator;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Function;

/**
 * The spec validator, with the schema of the installed FlinkDeployment CRD when there is one. The
 * CRD is read at most once per {@link #REFRESH} (an operator upgrade changes it rarely), so the
 * steady state sends one GET per five minutes, not one per reconcile. The read is single-flight:
 * reconciles that need it while it is under way wait for it instead of reading it too (a full
 * resync of N parents reads the CRD once, not once per reconcile thread). Thread-safe.
 */
final class Validators {
    /** How long a looked-up schema (or its absence) is used. */
    static final Duration REFRESH = Duration.ofMinutes(5);

    private final Function<KubernetesClient, SpecValidator> lookUp;
    private volatile Current current;

    /** Validators that read the installed CRD through the reconcile's client. */
    Validators() {
        this(Validators::lookUp);
    }

    /** Validators whose schema comes from {@code lookUp} (tests count and hold the look-ups). */
    Validators(Function<KubernetesClient, SpecValidator> lookUp) {
        this.lookUp = lookUp;
    }

    /** A validator and when its schema was looked up. */
    private record Current(SpecValidator validator, Instant lookedUpAt) {
        boolean freshAt(Instant now) {
            return now.isBefore(lookedUpAt.plus(REFRESH));
        }
    }

    SpecValidator validator(KubernetesClient client, Instant now) {
        Current known = current;
        if (known != null && known.freshAt(now)) {
            return known.validator();
        }
        synchronized (this) {
            known = current;
            if (known == null || !known.freshAt(now)) {
                known = new Current(lookUp.apply(client), now);
                current = known;
            }
            return known.validator();
        }
    }

    private static SpecValidator lookUp(KubernetesClient client) {
        return InstalledCrds.flinkDeployment(client)
                .flatMap(SchemaValidator::fromCrd)
                .map(SpecValidator::withSchema)
                .orElseGet(SpecValidator::withoutSchema);
    }
}
