package dev.bluegreen.operator.internal.apply;

import dev.bluegreen.operator.resource.FlinkBlueGreenDeployment;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

import java.net.HttpURLConnection;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Creates core/v1 Events about a parent (involvedObject = the parent). Events are best effort: a
 * name clash (409) is ignored, since the status already records what happened.
 */
final class EventWriter {
    private static final String COMPONENT = "flink-bluegreen";
    private final KubernetesClient client;
    private final AtomicLong sequence = new AtomicLong();

    EventWriter(KubernetesClient client) {
        this.client = client;
    }

    void emit(
            FlinkBlueGreenDeployment parent,
            String type,
            String reason,
            String message,
            Instant now,
            int index) {
        var event = event(parent, type, reason, message, now, index);
        try {
            client.v1()
                    .events()
                    .inNamespace(parent.getMetadata().getNamespace())
                    .resource(event)
                    .create();
        } catch (KubernetesClientException e) {
            if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
                throw e;
            }
        }
    }

    private Event event(
            FlinkBlueGreenDeployment parent,
            String type,
            String reason,
            String message,
            Instant now,
            int index) {
        var meta = parent.getMetadata();
        String time = now.toString();
        return new EventBuilder()
                .withNewMetadata()
                .withName(eventName(meta.getName(), now, index))
                .withNamespace(meta.getNamespace())
                .endMetadata()
                .withInvolvedObject(involvedObject(parent))
                .withType(type)
                .withReason(reason)
                .withMessage(message)
                .withCount(1)
                .withFirstTimestamp(time)
                .withLastTimestamp(time)
                .withNewSource(COMPONENT, null)
                .withReportingComponent(COMPONENT)
                .build();
    }

    /** A name unique per parent, time, writer sequence and position in the plan's event list. */
    private String eventName(String parentName, Instant now, int index) {
        return parentName
                + "."
                + Long.toHexString(now.toEpochMilli())
                + Long.toHexString(sequence.incrementAndGet())
                + index;
    }

    private static ObjectReference involvedObject(FlinkBlueGreenDeployment parent) {
        var meta = parent.getMetadata();
        return new ObjectReferenceBuilder()
                .withApiVersion(parent.getApiVersion())
                .withKind(parent.getKind())
                .withName(meta.getName())
                .withNamespace(meta.getNamespace())
                .withUid(meta.getUid())
                .withResourceVersion(meta.getResourceVersion())
                .build();
    }
}
