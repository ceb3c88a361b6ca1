package dev.bluegreen.operator.internal.http;

import io.javaoperatorsdk.operator.RegisteredController;
import io.javaoperatorsdk.operator.RuntimeInfo;
import io.javaoperatorsdk.operator.health.InformerHealthIndicator;
import io.javaoperatorsdk.operator.health.InformerWrappingEventSourceHealthIndicator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The informers of a JOSDK operator as {@link Probes} reads them. */
public final class Informers {
    private Informers() {}

    /**
     * Every informer of every registered controller, named {@code <controller>/<event
     * source>[/<namespace>]} (the namespace only when the event source watches several).
     */
    public static List<Probes.Informer> of(RuntimeInfo runtime) {
        List<Probes.Informer> result = new ArrayList<>();
        for (RegisteredController<?> controller : runtime.getRegisteredControllers()) {
            String controllerName = controller.getConfiguration().getName();
            Map<String, InformerWrappingEventSourceHealthIndicator> sources =
                    controller.getControllerHealthInfo().informerEventSourceHealthIndicators();
            sources.forEach((source, health) -> add(controllerName + "/" + source, health, result));
        }
        return result;
    }

    private static void add(
            String name,
            InformerWrappingEventSourceHealthIndicator<?> source,
            List<Probes.Informer> into) {
        Map<String, InformerHealthIndicator> perNamespace = source.informerHealthIndicators();
        perNamespace.forEach(
                (namespace, informer) ->
                        into.add(
                                new Probes.Informer(
                                        perNamespace.size() > 1 ? name + "/" + namespace : name,
                                        informer.isRunning(),
                                        informer.hasSynced())));
    }
}
