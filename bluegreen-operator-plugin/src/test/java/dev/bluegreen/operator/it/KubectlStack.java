package dev.bluegreen.operator.it;

import dev.bluegreen.operator.controller.BlueGreenReconciler;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What every kubectl test runs on: the embedded API that also serves kubectl's discovery ({@link
 * KubectlApi}), the controller and the fake Flink operator ({@link Harness}), and the plugin run
 * through the real kubectl with a kubeconfig for that API ({@link KubectlPlugin}). At the end,
 * kubectl's requests must stay inside the RBAC docs/operations.md lists for the plugin.
 */
final class KubectlStack implements AutoCloseable {
    final Harness h;
    final KubectlPlugin kubectl;
    private final KubernetesMockServer server;
    private final KubernetesClient client;

    /** Starts it all; {@code dir} holds the kubeconfig and kubectl's cache. */
    KubectlStack(Path dir) throws IOException {
        this(dir, null);
    }

    /** Starts it all with the reconciler built from {@code configure} ({@link Harness}). */
    KubectlStack(Path dir, UnaryOperator<BlueGreenReconciler.Config> configure) throws IOException {
        server = KubectlApi.start();
        client = server.createClient();
        h = new Harness(client, server, null, configure);
        kubectl = new KubectlPlugin(EmbeddedApi.kubeconfig(client, dir), dir);
    }

    /**
     * Stops it all, then checks every request kubectl sent against the plugin's RBAC as
     * docs/operations.md lists it ({@link PluginRbacDoc}).
     */
    @Override
    public void close() {
        List<Harness.Call> kubectlCalls = h.kubectlCalls();
        h.close();
        client.close();
        server.destroy();
        PluginRbacDoc.fromOperationsDoc()
                .assertAllows(
                        kubectlCalls, "the kubectl plugin's RBAC table in " + PluginRbacDoc.FILE);
    }
}
