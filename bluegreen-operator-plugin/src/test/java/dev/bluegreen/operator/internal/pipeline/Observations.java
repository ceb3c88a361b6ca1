package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.BlueGreenState;
import dev.bluegreen.core.ChildObservation;
import dev.bluegreen.core.TransitionRecord;
import dev.bluegreen.operator.internal.analysis.CheckRunner;
import dev.bluegreen.operator.internal.analysis.CheckRunners;
import dev.bluegreen.operator.internal.apply.Applied;
import dev.bluegreen.operator.internal.apply.IngressCheck;
import dev.bluegreen.operator.internal.apply.LiveTraffic;
import dev.bluegreen.operator.internal.config.BlueGreenSettings;
import dev.bluegreen.operator.internal.handover.GateView;
import dev.bluegreen.operator.internal.pipeline.decide.Decision;
import dev.bluegreen.operator.internal.pipeline.decide.Readings;
import dev.bluegreen.operator.internal.pipeline.decide.StateReads.Read;
import dev.bluegreen.operator.internal.spec.Capacity;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.internal.status.RecordCodec;
import dev.bluegreen.operator.internal.validate.SpecValidator;
import dev.bluegreen.operator.resource.AnalysisStatus;
import dev.bluegreen.operator.resource.DeploymentTemplate;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentSpec;
import dev.bluegreen.operator.resource.FlinkBlueGreenDeploymentStatus;
import dev.bluegreen.operator.resource.TransitionMode;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;

import java.time.Instant;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Test parents, children and a {@link Round} whose caches are maps and whose request-costing
 * readers only count what they were asked to read.
 */
final class Observations {
    static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    static final String NS = "shop";

    private Observations() {}

    /** A parent {@code orders} in {@code state} (none: never reconciled). */
    static FlinkBlueGreenDeployment parent(BlueGreenState state, Map<String, String> config) {
        var template = new DeploymentTemplate();
        template.setSpec(
                SpecJson.parse(
                        "{\"image\":\"flink:1.20\",\"flinkVersion\":\"v1_20\",\"job\":{\"jarURI\":"
                                + "\"local:///app.jar\",\"parallelism\":2,\"upgradeMode\":\"savepoint\"}}",
                        "test"));
        var spec = new FlinkBlueGreenDeploymentSpec();
        spec.setTemplate(template);
        spec.setConfiguration(new LinkedHashMap<>(config));
        var parent = new FlinkBlueGreenDeployment();
        parent.setMetadata(
                new ObjectMetaBuilder()
                        .withName("orders")
                        .withNamespace(NS)
                        .withUid("uid-orders")
                        .withGeneration(1L)
                        .withResourceVersion("1")
                        .build());
        parent.setSpec(spec);
        if (state != null) {
            parent.setStatus(status(state));
        }
        return parent;
    }

    /** A status in {@code state} whose record names a hand-over snapshot. */
    static FlinkBlueGreenDeploymentStatus status(BlueGreenState state) {
        var record =
                TransitionRecord.initial().toBuilder()
                        .state(state)
                        .transitionNumber(1)
                        .savepoint(new TransitionRecord.SavepointRef("sp-1", "b1", null))
                        .build();
        var status = new FlinkBlueGreenDeploymentStatus();
        status.setState(state.name());
        status.setTransition(RecordCodec.write(record));
        return status;
    }

    /** A child FlinkDeployment that is stable and runs job {@code jobId}. */
    static GenericKubernetesResource running(String name, String jobId) {
        return SpecJson.mapper()
                .convertValue(
                        SpecJson.parse(
                                "{\"apiVersion\":\"flink.apache.org/v1beta1\",\"kind\":\"FlinkDeployment\","
                                        + "\"metadata\":{\"name\":\""
                                        + name
                                        + "\",\"namespace\":\""
                                        + NS
                                        + "\",\"generation\":1,\"resourceVersion\":\"7\"},"
                                        + "\"spec\":{\"job\":{\"parallelism\":2}},"
                                        + "\"status\":{\"observedGeneration\":1,\"lifecycleState\":\"STABLE\","
                                        + "\"jobStatus\":{\"state\":\"RUNNING\",\"jobId\":\""
                                        + jobId
                                        + "\"}}}",
                                "test"),
                        GenericKubernetesResource.class);
    }

    /** ADVANCED mode on {@code parent}. */
    static FlinkBlueGreenDeployment advanced(FlinkBlueGreenDeployment parent) {
        parent.getSpec().setTransitionMode(TransitionMode.ADVANCED);
        return parent;
    }

    /** Caches in maps, and what the pipeline read from them or asked to be read. */
    static final class Fakes implements Sources, Readers, Memory {
        final Map<String, GenericKubernetesResource> children = new HashMap<>();
        final Map<String, GenericKubernetesResource> snapshots = new HashMap<>();
        final Set<Read> read = EnumSet.noneOf(Read.class);
        boolean resting;
        CheckRunner runner = CheckRunners.unavailable().open(null, name -> null);

        Round round() {
            return new Round(
                    this, this, () -> null, SpecValidator.withoutSchema(), () -> this, NOW);
        }

        @Override
        public GenericKubernetesResource child(String name) {
            return children.get(name);
        }

        @Override
        public GenericKubernetesResource snapshot(String name) {
            read.add(Read.SNAPSHOT);
            return snapshots.get(name);
        }

        @Override
        public LiveTraffic traffic() {
            return LiveTraffic.NONE;
        }

        @Override
        public boolean httpRoutesInstalled() {
            return false;
        }

        @Override
        public void wrote(Applied applied) {}

        @Override
        public void adopted(GenericKubernetesResource child) {}

        @Override
        public GenericKubernetesResource adoptionCandidate(FlinkBlueGreenDeployment parent) {
            read.add(Read.ADOPTION_CANDIDATE);
            return null;
        }

        @Override
        public Gate gate(
                FlinkBlueGreenDeployment parent,
                BlueGreenSettings settings,
                Function<String, GenericKubernetesResource> children) {
            read.add(Read.GATE_CHANNEL);
            return new Gate(null, GateView.of(null, List.of()));
        }

        @Override
        public Readings readiness(
                FlinkBlueGreenDeployment parent,
                Function<String, GenericKubernetesResource> children,
                TransitionRecord record,
                ChildObservation blue,
                ChildObservation green,
                BlueGreenSettings settings,
                BacklogWindow window,
                Instant now) {
            read.add(Read.READINESS);
            return new Readings(null, null);
        }

        @Override
        public Capacity.Headroom quota(String namespace) {
            read.add(Read.QUOTA);
            return new Capacity.Headroom(null, null);
        }

        @Override
        public CheckRunner checks(
                FlinkBlueGreenDeployment parent,
                Function<String, GenericKubernetesResource> children) {
            read.add(Read.ANALYSIS);
            return runner;
        }

        @Override
        public void analysisEnded(FlinkBlueGreenDeployment parent, AnalysisStatus analysis) {}

        @Override
        public FlinkBlueGreenDeployment current(FlinkBlueGreenDeployment cached) {
            return cached;
        }

        @Override
        public void observed(FlinkBlueGreenDeployment parent) {}

        @Override
        public boolean restsUnchanged(
                FlinkBlueGreenDeployment parent,
                Function<String, GenericKubernetesResource> children,
                LiveTraffic traffic,
                SpecValidator validator) {
            return resting;
        }

        @Override
        public Inputs inputs(
                FlinkBlueGreenDeployment parent,
                Function<String, GenericKubernetesResource> children,
                LiveTraffic traffic,
                SpecValidator validator) {
            return new Inputs() {};
        }

        @Override
        public void decided(
                FlinkBlueGreenDeployment parent,
                Inputs inputs,
                Applied applied,
                Decision decision,
                boolean gated,
                boolean wroteStatus) {}

        @Override
        public void wroteStatus(FlinkBlueGreenDeployment parent) {}

        @Override
        public void persisted(FlinkBlueGreenDeployment parent, Decision decision, Instant now) {}

        @Override
        public BacklogWindow backlogWindow(FlinkBlueGreenDeployment parent) {
            return BacklogWindow.NONE;
        }

        @Override
        public IngressCheck ingressCheck(FlinkBlueGreenDeployment parent) {
            return new IngressCheck();
        }
    }
}
