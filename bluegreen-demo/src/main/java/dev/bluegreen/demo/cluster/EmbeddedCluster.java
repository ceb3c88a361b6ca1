package dev.bluegreen.demo.cluster;

import dev.bluegreen.core.Color;
import dev.bluegreen.gate.channel.configmap.ConfigMapGateChannelFactory;
import dev.bluegreen.operator.controller.BlueGreenController;
import dev.bluegreen.operator.controller.BlueGreenReconciler;
import dev.bluegreen.operator.controller.RestEndpoints;
import dev.bluegreen.operator.internal.observe.ChildJob;
import dev.bluegreen.standin.FlinkStandIn;
import dev.bluegreen.standin.StandInSettings;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.kubernetes.client.vertx.VertxHttpClientFactory;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.javaoperatorsdk.operator.Operator;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Optional;
import java.util.Set;

/**
 * Everything the demo runs on, in this JVM: the fabric8 mock Kubernetes API in CRUD mode with the
 * FlinkBlueGreenDeployment CRD, the Flink stand-in (real MiniCluster jobs for FlinkDeployments and
 * FlinkStateSnapshots) and the blue/green controller. Each part has its own client, as separate
 * processes would. The controller reads each child's JobManager REST API at the real address of its
 * MiniCluster (what the {@code <child>-rest} Service routes to in a cluster), and every job the
 * stand-in starts finds the embedded API for the gate's ConfigMap channel through {@value
 * ConfigMapGateChannelFactory#API_URL} (what a pod finds in its environment). These two are the
 * only local overrides: the product's in-cluster defaults stay as they are. {@link #close()} stops
 * them in reverse order.
 */
public final class EmbeddedCluster implements AutoCloseable {
    /** The namespace the demo uses. */
    public static final String NAMESPACE = "default";

    /** The URI prefix of job jars in manifests, mapped to a local directory. */
    public static final String USRLIB_URI = "local:///opt/flink/usrlib/";

    private static final String CRD =
            "/META-INF/fabric8/flinkbluegreendeployments.bluegreen.dev-v1.yml";

    private final KubernetesMockServer server;
    private final KubernetesClient client;
    private final KubernetesClient standInClient;
    private final KubernetesClient controllerClient;
    private FlinkStandIn standIn;
    private Operator operator;

    private EmbeddedCluster(KubernetesMockServer server) {
        this.server = server;
        // JOSDK brings the JDK HTTP client and the mock server the Vert.x one: choose one (else
        // fabric8
        // picks at random and warns)
        this.client = server.createClient(new VertxHttpClientFactory());
        this.standInClient = server.createClient(new VertxHttpClientFactory());
        this.controllerClient = server.createClient(new VertxHttpClientFactory());
    }

    /**
     * Starts the API, installs the CRDs, then starts the stand-in and the controller.
     *
     * @param workDir the stand-in's checkpoints and savepoints
     * @param usrlib the directory that {@value #USRLIB_URI} maps to (holds the example job's jar)
     * @throws IllegalStateException when the controller cannot register
     */
    public static EmbeddedCluster start(Path workDir, Path usrlib) {
        var cluster = new EmbeddedCluster(crudServer());
        try {
            cluster.installCrds();
            cluster.standIn = cluster.startStandIn(workDir, usrlib);
            cluster.startController();
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** The fabric8 mock server in CRUD mode, started. */
    private static KubernetesMockServer crudServer() {
        var server =
                new KubernetesMockServer(
                        new Context(Serialization.jsonMapper()),
                        new MockWebServer(),
                        new HashMap<>(),
                        new KubernetesMixedDispatcher(new HashMap<>()),
                        false);
        server.init();
        return server;
    }

    private FlinkStandIn startStandIn(Path workDir, Path usrlib) {
        return FlinkStandIn.start(
                standInClient,
                StandInSettings.builder()
                        .workDir(workDir)
                        .mapLocalUri(USRLIB_URI, usrlib)
                        .defaultFlinkConfiguration(
                                ConfigMapGateChannelFactory.API_URL,
                                standInClient.getMasterUrl().toString())
                        .build());
    }

    /** Registers the controller on a new operator and starts it; needs the stand-in. */
    private void startController() {
        operator =
                new Operator(
                        BlueGreenController.operatorConfiguration()
                                .andThen(
                                        o ->
                                                o.withKubernetesClient(controllerClient)
                                                        .withCloseClientOnStop(false)));
        BlueGreenController.register(
                operator,
                BlueGreenReconciler.Config.of(Clock.systemUTC())
                        .withRestEndpoints(jobManagersOf(standIn)),
                Set.of());
        operator.start();
    }

    /** Each child's REST API at its MiniCluster's real address; in-cluster names otherwise. */
    private static RestEndpoints jobManagersOf(FlinkStandIn standIn) {
        RestEndpoints inCluster = RestEndpoints.inCluster();
        return (namespace, child, port) ->
                standIn.restAddress(namespace, child)
                        .orElseGet(() -> inCluster.resolve(namespace, child, port));
    }

    private void installCrds() {
        try (InputStream crd = EmbeddedCluster.class.getResourceAsStream(CRD)) {
            if (crd == null) {
                throw new IllegalStateException(
                        CRD + " is not on the classpath (bluegreen-operator-plugin)");
            }
            client.apiextensions().v1().customResourceDefinitions().load(crd).create();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        FlinkStandIn.installCrds(client);
    }

    /**
     * The real REST address of the MiniCluster that runs the child FlinkDeployment {@code child} of
     * {@link #NAMESPACE} now (what the controller reads); empty while no job runs.
     */
    public Optional<URI> restAddress(String child) {
        return standIn.restAddress(NAMESPACE, child);
    }

    /**
     * The job of the child FlinkDeployment {@code child} as the controller reads it: its {@code
     * status.jobStatus} job id and start time, at its MiniCluster's real REST address; empty while
     * one of them is not known yet.
     *
     * @param child the child's name in {@link #NAMESPACE}
     * @param color the child's colour
     */
    public Optional<ChildJob> childJob(String child, Color color) {
        GenericKubernetesResource resource =
                client.genericKubernetesResources(FlinkDeployments.CONTEXT)
                        .inNamespace(NAMESPACE)
                        .withName(child)
                        .get();
        String jobId = resource == null ? "" : FlinkDeployments.jobId(resource);
        String started = resource == null ? "" : FlinkDeployments.startTime(resource);
        Optional<URI> rest = restAddress(child);
        if (jobId.isEmpty() || started.isEmpty() || rest.isEmpty()) {
            return Optional.empty();
        }
        Instant startedAt = Instant.ofEpochMilli(Long.parseLong(started));
        return Optional.of(new ChildJob(color, rest.get(), jobId, startedAt));
    }

    /** The demo's own client (for applying resources and watching). */
    public KubernetesClient client() {
        return client;
    }

    /** Stops the controller, the stand-in (cancelling its jobs) and the API. Idempotent. */
    @Override
    public void close() {
        if (operator != null) {
            operator.stop();
            operator = null;
        }
        if (standIn != null) {
            standIn.close();
            standIn = null;
        }
        client.close();
        standInClient.close();
        controllerClient.close();
        server.destroy();
    }
}
