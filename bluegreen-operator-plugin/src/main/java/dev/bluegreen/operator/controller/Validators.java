package dev.bluegreen.operator.controller;

import dev.bluegreen.operator.internal.apply.InstalledCrds;
import dev.bluegreen.operator.internal.validate.SchemaValidator;
import dev.bluegreen.operator.internal.validate.SpecValidator;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.time.Duration;
import java.time.Instant;

/**
 * The spec validator, with the schema of the installed FlinkDeployment CRD when there is one. The
 * CRD is read at most once per {@link #REFRESH} (an operator upgrade changes it rarely), so the
 * steady state sends one GET per five minutes, not one per reconcile. Thread-safe.
 */
final class Validators {
    /** How long a looked-up schema (or its absence) is used. */
    static final Duration REFRESH = Duration.ofMinutes(5);

    private volatile SpecValidator validator;
    private volatile Instant lookedUpAt;

    SpecValidator validator(KubernetesClient client, Instant now) {
        Instant at = lookedUpAt;
        if (validator == null || at == null || !now.isBefore(at.plus(REFRESH))) {
            validator =
                    InstalledCrds.flinkDeployment(client)
                            .flatMap(SchemaValidator::fromCrd)
                            .map(SpecValidator::withSchema)
                            .orElseGet(SpecValidator::withoutSchema);
            lookedUpAt = now;
        }
        return validator;
    }
}
