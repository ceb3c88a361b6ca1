package dev.bluegreen.operator.internal.pipeline.decide;

import dev.bluegreen.core.Color;
import dev.bluegreen.core.GateObservation;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.internal.config.HandoverSettings;
import dev.bluegreen.operator.internal.handover.Coordinator;
import dev.bluegreen.operator.internal.handover.GateView;
import dev.bluegreen.operator.internal.handover.HandoverInput;
import dev.bluegreen.operator.internal.handover.HandoverStep;
import dev.bluegreen.operator.internal.handover.KeepInput;
import dev.bluegreen.operator.internal.observe.CutKinds;
import dev.bluegreen.operator.internal.observe.JobGateReading;
import dev.bluegreen.operator.internal.observe.ObservationReader;
import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The coordinator's part of one ADVANCED-mode reconcile: before the engine decides, what the gate
 * reports (for the persisted wish); after, the command that moves the channel toward the engine's
 * new wish. No I/O: the channel was read by the caller.
 */
final class GateStep {
    private final GateView view;
    private final HandoverInput input;
    private final Optional<String> refused;

    private GateStep(GateView view, HandoverInput input) {
        this.view = view;
        this.input = input;
        this.refused = CutKinds.refusal(view.reports());
    }

    static GateStep of(
            GateView view,
            TransitionRecord record,
            ParentObservation seen,
            HandoverSettings settings,
            Instant now) {
        var input =
                new HandoverInput(
                        record.outputOwner(),
                        view.current(),
                        view.reports(),
                        parallelism(seen.blue()),
                        parallelism(seen.green()),
                        settings.catchUpBound(),
                        settings.cutoverMargin(),
                        settings.reportStaleness(),
                        now,
                        keep(view, seen, settings));
        return new GateStep(view, input);
    }

    /** What keep windows need: the option, both children, and failed jobs' last checkpoints. */
    private static KeepInput keep(
            GateView view, ParentObservation seen, HandoverSettings settings) {
        return new KeepInput(
                settings.keepWindow(),
                settings.handbackLead(),
                ObservationReader.child(seen.blue()),
                ObservationReader.child(seen.green()),
                latestCompleted(view, Color.BLUE),
                latestCompleted(view, Color.GREEN));
    }

    private static OptionalLong latestCompleted(GateView view, Color color) {
        for (JobGateReading reading : view.jobs()) {
            if (reading.job().color() == color && reading.latestCompleted().isPresent()) {
                return reading.latestCompleted();
            }
        }
        return OptionalLong.empty();
    }

    /**
     * What the gate reports, for the engine; unknown when the channel could not be read, or when
     * the gates cut otherwise than the controller ({@link CutKinds}).
     */
    GateObservation observation() {
        if (!view.readable()) {
            return new GateObservation(null, false, false, view.problem());
        }
        if (refused.isPresent()) {
            return new GateObservation(null, false, false, refused.get());
        }
        return Coordinator.next(input).observation();
    }

    /**
     * The coordinator's step toward {@code desiredOwner}, the engine's wish after it decided: the
     * command to send and a cold hand-back's note; nothing when the channel could not be read or
     * the gates cut otherwise than the controller.
     */
    Optional<HandoverStep> after(Color desiredOwner) {
        if (!view.readable() || refused.isPresent()) {
            return Optional.empty();
        }
        return Optional.of(Coordinator.next(input.withDesiredOwner(desiredOwner)));
    }

    /**
     * The gate parallelism of a child: {@code spec.job.parallelism}, else {@code
     * parallelism.default} of its {@code flinkConfiguration}; 0 without a child; -1 when neither is
     * set (the reports' own count is used).
     */
    static int parallelism(GenericKubernetesResource child) {
        if (child == null) {
            return 0;
        }
        JsonNode spec =
                SpecJson.mapper()
                        .valueToTree(
                                child.getAdditionalProperties().getOrDefault("spec", Map.of()));
        JsonNode job = spec.path("job").path("parallelism");
        if (job.canConvertToInt() && job.asInt() > 0) {
            return job.asInt();
        }
        String configured = spec.path("flinkConfiguration").path("parallelism.default").asText("");
        try {
            int value = Integer.parseInt(configured.trim());
            return value > 0 ? value : -1;
        } catch (NumberFormatException e) {
            return -1; // not set, or not a number: trust the reports
        }
    }
}
