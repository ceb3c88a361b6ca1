package dev.bluegreen.operator.internal.pipeline;

import dev.bluegreen.core.Color;
import dev.bluegreen.core.JobState;
import dev.bluegreen.gate.channel.GateControl;
import dev.bluegreen.ingress.ChildNames;
import dev.bluegreen.ingress.RestPort;
import dev.bluegreen.operator.internal.handover.GateView;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.JobReadings;
import dev.bluegreen.operator.internal.observe.ObservationReader;
import dev.bluegreen.operator.internal.spec.SpecJson;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/** Reads a gate channel for one reconcile, and finds the child jobs whose reports it reads. */
public final class GateReading {
    private GateReading() {}

    /**
     * The channel's reports, then its newest command; unreadable (with the reason) on any failure.
     * What the children's REST APIs said ({@link JobReadings}) is kept in both cases, so a garbled
     * ConfigMap still shows how the gates see it.
     */
    public static GateView read(GateControl control) {
        GateView view;
        try {
            var reports = control.reports();
            view = GateView.of(control.current().orElse(null), reports);
        } catch (RuntimeException e) {
            view = GateView.unreadable("gate channel not readable: " + e.getMessage());
        }
        return control instanceof JobReadings readings
                ? view.withJobs(readings.jobReadings())
                : view;
    }

    /**
     * The children that run a job: the JobManager REST base ({@code endpoints} of the child's name
     * and {@code rest.port}) and the job id from their status.
     */
    public static List<ChildJob> jobs(
            ChildNames names,
            String namespace,
            Function<String, GenericKubernetesResource> children,
            JobEndpoints endpoints) {
        var jobs = new ArrayList<ChildJob>();
        for (Color color : Color.values()) {
            String name = names.child(color);
            var child = children.apply(name);
            if (child != null) {
                JsonNode tree = SpecJson.mapper().valueToTree(child);
                job(color, tree, name, namespace, endpoints, ended(tree)).ifPresent(jobs::add);
            }
        }
        return jobs;
    }

    /**
     * Whether a child's job failed or stopped (its newest completed checkpoint is then read):
     * lifecycle FAILED, or a failed or stopped job state.
     */
    private static boolean ended(JsonNode child) {
        JsonNode status = child.path("status");
        JobState state = ObservationReader.jobState(status.path("jobStatus").path("state"));
        return "FAILED".equals(status.path("lifecycleState").asText(""))
                || state.isFailure()
                || state.isStopped();
    }

    /** The job of one child, when its status names one. */
    private static Optional<ChildJob> job(
            Color color,
            JsonNode tree,
            String name,
            String namespace,
            JobEndpoints endpoints,
            boolean ended) {
        String jobId = tree.path("status").path("jobStatus").path("jobId").asText("");
        if (jobId.isEmpty()) {
            return Optional.empty();
        }
        URI rest = endpoints.resolve(namespace, name, restPort(tree));
        return Optional.of(new ChildJob(color, rest, jobId, startTime(tree), ended));
    }

    /** {@code status.jobStatus.startTime} (epoch ms as text), or {@code null}. */
    private static Instant startTime(JsonNode child) {
        String text = child.path("status").path("jobStatus").path("startTime").asText("");
        try {
            return text.isBlank() ? null : Instant.ofEpochMilli(Long.parseLong(text.trim()));
        } catch (NumberFormatException e) {
            return null; // not judged until the operator writes a number
        }
    }

    private static int restPort(JsonNode child) {
        Map<String, String> config = new TreeMap<>();
        child.path("spec")
                .path("flinkConfiguration")
                .properties()
                .forEach(e -> config.put(e.getKey(), e.getValue().asText()));
        try {
            return RestPort.fromFlinkConfiguration(config);
        } catch (IllegalArgumentException e) {
            return RestPort.DEFAULT; // validated on the parent; a hand-edited child falls back
        }
    }
}
