package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.gate.channel.GateControl;
import dev.bluegreen.gate.channel.InMemoryGateChannel;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.operator.internal.config.AdvancedOptions;
import dev.bluegreen.operator.internal.config.HandoverSettings;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.JobManagerReports;
import dev.bluegreen.operator.internal.spec.GateConfig;

import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.List;
import java.util.Objects;

/**
 * Opens the controller side of a parent's gate control channel (ADVANCED mode): the in-JVM {@link
 * InMemoryGateChannel} named {@code <namespace>/<name>}, or the ConfigMap channel ({@link
 * ConfigMapGateControl}). Thread-safe.
 */
public final class GateControls {
    private final KubernetesClient client;
    private final JobManagerReports reports;

    /**
     * Channels through {@code client}; the ConfigMap channel reads reports with {@code reports}.
     */
    public GateControls(KubernetesClient client, JobManagerReports reports) {
        this.client = Objects.requireNonNull(client, "client == null");
        this.reports = Objects.requireNonNull(reports, "reports == null");
    }

    /**
     * The channel of {@code owner} of the configured type.
     *
     * @param jobs the job id of each running child, for reading reports
     */
    public GateControl open(Owner owner, HandoverSettings settings, List<ChildJob> jobs) {
        if (AdvancedOptions.MEMORY.equals(settings.channelType())) {
            return InMemoryGateChannel.named(GateConfig.channelName(owner));
        }
        return new ConfigMapGateControl(client, owner, reports, jobs);
    }

    /** Forgets the in-JVM channel of a deleted parent (the ConfigMap goes with its owner). */
    public static void forget(Owner owner) {
        InMemoryGateChannel.remove(GateConfig.channelName(owner));
    }
}
