package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.gate.channel.GateControl;
import dev.bluegreen.gate.rule.GateCommand;
import dev.bluegreen.gate.rule.GateReport;
import dev.bluegreen.ingress.Owner;
import dev.bluegreen.ingress.ResourceNames;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.operator.internal.observe.JobGateReading;
import dev.bluegreen.operator.internal.observe.JobManagerReports;
import dev.bluegreen.operator.internal.observe.JobReadings;
import dev.bluegreen.operator.internal.spec.ChildLabels;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The controller side of the ConfigMap channel: the newest command's text form lives under the key
 * {@value #KEY} of the ConfigMap {@code <parent>-gate}, owned by the parent (created on first use,
 * then replaced with a PUT carrying the live resourceVersion, so a lost race is a 409, never a lost
 * command); reports are read from the children's JobManager REST APIs, and what each API said is
 * kept ({@link #jobReadings()}). Not thread-safe: one instance per reconcile.
 */
final class ConfigMapGateControl implements GateControl, JobReadings {
    /** The data key holding the command's text form. */
    static final String KEY = "command";

    private final KubernetesClient client;
    private final Owner owner;
    private final JobManagerReports reports;
    private final List<ChildJob> jobs;
    private List<JobGateReading> readings = List.of();

    ConfigMapGateControl(
            KubernetesClient client, Owner owner, JobManagerReports reports, List<ChildJob> jobs) {
        this.client = client;
        this.owner = owner;
        this.reports = reports;
        this.jobs = List.copyOf(jobs);
    }

    @Override
    public boolean send(GateCommand command) {
        ConfigMap live = live();
        GateCommand current = live == null ? null : parse(live);
        if (!command.isNewerThan(current)) {
            return false;
        }
        if (live == null) {
            Writes.guarded(what(), () -> client.resource(desired(command, null)).create());
        } else {
            Writes.guarded(
                    what(),
                    () -> client.resource(desired(command, live)).lockResourceVersion().update());
        }
        return true;
    }

    @Override
    public Optional<GateCommand> current() {
        ConfigMap live = live();
        return live == null ? Optional.empty() : Optional.ofNullable(parse(live));
    }

    @Override
    public List<GateReport> reports() {
        var all = new ArrayList<GateReport>();
        var read = new ArrayList<JobGateReading>();
        for (ChildJob job : jobs) {
            JobGateReading reading;
            try {
                reading = reports.reading(job);
            } catch (RuntimeException unreachable) {
                // a job that cannot be read (starting, restarting, a wrong endpoint) has no
                // reports: the coordinator waits for every subtask; GateHealth says so once the
                // job has run for longer than the report staleness
                reading = JobGateReading.unreachable(job, String.valueOf(unreachable.getMessage()));
                if (job.ended()) {
                    reading = reading.withLatestCompleted(reports.latestCompleted(job));
                }
            }
            read.add(reading);
            all.addAll(reading.reports());
        }
        readings = List.copyOf(read);
        return List.copyOf(all);
    }

    @Override
    public List<JobGateReading> jobReadings() {
        return readings;
    }

    private ConfigMap live() {
        return client.configMaps()
                .inNamespace(owner.namespace())
                .withName(ResourceNames.gateConfigMap(owner.name()))
                .get();
    }

    private GateCommand parse(ConfigMap live) {
        String text = live.getData() == null ? null : live.getData().get(KEY);
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return GateCommand.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(
                    "ConfigMap "
                            + live.getMetadata().getName()
                            + " data."
                            + KEY
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    private ConfigMap desired(GateCommand command, ConfigMap live) {
        var builder =
                live == null
                        ? new ConfigMapBuilder()
                                .withNewMetadata()
                                .withName(ResourceNames.gateConfigMap(owner.name()))
                                .withNamespace(owner.namespace())
                                .withLabels(Map.of(ChildLabels.PARENT, owner.name()))
                                .withOwnerReferences(owner.toOwnerReference())
                                .endMetadata()
                        : new ConfigMapBuilder(live);
        return builder.addToData(KEY, command.toText()).build();
    }

    private String what() {
        return "ConfigMap " + ResourceNames.gateConfigMap(owner.name());
    }
}
