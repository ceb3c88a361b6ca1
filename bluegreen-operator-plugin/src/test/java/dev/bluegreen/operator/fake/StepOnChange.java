package dev.bluegreen.operator.fake;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * An informer on one kind that steps each object a fixed delay after it was added or changed: the
 * event-driven way of {@link FakeFlinkOperator#watching}. A step gets a copy of the newest cached
 * object; changes that arrive while a step is pending are stepped once. A step that fails with an
 * API error (a 409 after a concurrent write) is tried again on the newest copy. Thread-safe.
 */
final class StepOnChange implements AutoCloseable {
    private final KubernetesClient client;
    private final ScheduledExecutorService stepper;
    private final Consumer<GenericKubernetesResource> step;
    private final long delayMillis;
    private final Set<String> pending = ConcurrentHashMap.newKeySet();
    private final SharedIndexInformer<GenericKubernetesResource> informer;

    private StepOnChange(
            KubernetesClient client,
            ResourceDefinitionContext kind,
            ScheduledExecutorService stepper,
            Consumer<GenericKubernetesResource> step,
            long delayMillis) {
        this.client = client;
        this.stepper = stepper;
        this.step = step;
        this.delayMillis = delayMillis;
        this.informer =
                client.genericKubernetesResources(kind).inAnyNamespace().runnableInformer(0);
    }

    /** Starts the informer on {@code kind} (returns once it has synced). */
    static StepOnChange start(
            KubernetesClient client,
            ResourceDefinitionContext kind,
            ScheduledExecutorService stepper,
            Consumer<GenericKubernetesResource> step,
            long delayMillis) {
        var onChange = new StepOnChange(client, kind, stepper, step, delayMillis);
        onChange.informer.addEventHandler(
                new ResourceEventHandler<>() {
                    @Override
                    public void onAdd(GenericKubernetesResource o) {
                        onChange.schedule(o);
                    }

                    @Override
                    public void onUpdate(
                            GenericKubernetesResource old, GenericKubernetesResource o) {
                        onChange.schedule(o);
                    }

                    @Override
                    public void onDelete(GenericKubernetesResource o, boolean unknown) {}
                });
        onChange.informer.run();
        return onChange;
    }

    private void schedule(GenericKubernetesResource o) {
        String key = o.getMetadata().getNamespace() + "/" + o.getMetadata().getName();
        if (pending.add(key)) {
            stepper.schedule(() -> stepNewest(key), delayMillis, TimeUnit.MILLISECONDS);
        }
    }

    private void stepNewest(String key) {
        pending.remove(key);
        var newest = informer.getStore().getByKey(key);
        if (newest == null) {
            return; // deleted meanwhile
        }
        try {
            step.accept(client.getKubernetesSerialization().clone(newest));
        } catch (KubernetesClientException e) {
            schedule(newest);
        }
    }

    @Override
    public void close() {
        informer.close();
    }
}
