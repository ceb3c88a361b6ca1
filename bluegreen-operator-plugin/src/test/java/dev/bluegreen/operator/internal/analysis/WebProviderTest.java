package dev.bluegreen.operator.internal.analysis;

import dev.bluegreen.core.analysis.Measurement;
import dev.bluegreen.operator.internal.analysis.LoopbackServer.Answer;
import dev.bluegreen.operator.internal.spec.SpecJson;
import dev.bluegreen.operator.resource.WebProviderSpec;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

import static dev.bluegreen.core.analysis.MeasurementPhase.ERROR;
import static dev.bluegreen.core.analysis.MeasurementPhase.FAILED;
import static dev.bluegreen.core.analysis.MeasurementPhase.SUCCESSFUL;
import static dev.bluegreen.operator.internal.analysis.Checks.GREEN_BEFORE_SWITCH;
import static dev.bluegreen.operator.internal.analysis.Checks.NOW;
import static org.assertj.core.api.Assertions.assertThat;

/** The web provider (Flagger's webhook contract) against a loopback webhook. */
@EnableKubernetesMockClient(crud = true)
class WebProviderTest {
    private static final String HOOK = "/hooks/check";

    static KubernetesClient client;
    private static LoopbackServer hook;
    private LiveCheckRunner runner;

    @BeforeEach
    void start() throws IOException {
        hook.reset();
        runner = Checks.runner(client, child -> null);
    }

    @BeforeAll
    static void startServer() throws IOException {
        hook = new LoopbackServer();
    }

    @AfterAll
    static void stop() {
        hook.close();
    }

    private WebProviderSpec spec(Integer retries) {
        return spec(hook.base() + HOOK, retries);
    }

    private static WebProviderSpec spec(String url, Integer retries) {
        var spec = new WebProviderSpec();
        spec.setUrl(url);
        spec.setRetries(retries);
        return spec;
    }

    private Measurement measure(WebProviderSpec spec, String success) {
        return runner.measure(
                Checks.check(Checks.web(spec), success, null), GREEN_BEFORE_SWITCH, NOW);
    }

    private static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void postsFlaggersPayloadWithTheHeadersOfTheSecret() throws IOException {
        secret("hook-auth", Map.of("Authorization", base64("Bearer s3cret")));
        hook.on(HOOK, Answer.of(200, ""));
        WebProviderSpec spec = spec(null);
        spec.setHeadersSecretRef("hook-auth");
        spec.setMetadata(Map.of("team", "{{parent}}-team", "color", "overridden?"));

        Measurement m = measure(spec, null);

        assertThat(m.phase()).isEqualTo(SUCCESSFUL);
        assertThat(m.value()).isEqualTo("{status: 200, body: \"\"}");
        assertThat(runner.lastRequests()).isEqualTo(2);
        var request = hook.requests().get(0);
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.header("Authorization")).isEqualTo("Bearer s3cret");
        assertThat(request.header("Content-Type")).isEqualTo("application/json");
        JsonNode payload = SpecJson.mapper().readTree(request.body());
        assertThat(payload.path("name").asText()).isEqualTo("orders");
        assertThat(payload.path("namespace").asText()).isEqualTo("shop");
        assertThat(payload.path("phase").asText()).isEqualTo("PrePromotion");
        assertThat(payload.path("checksum").asText()).isEqualTo("orders-green");
        assertThat(SpecJson.mapper().convertValue(payload.path("metadata"), Map.class))
                .isEqualTo(
                        Map.of(
                                "team", "orders-team",
                                "check", "success-rate",
                                "stage", "prePromotion",
                                "color", "green",
                                "child", "orders-green",
                                "incumbentColor", "blue",
                                "incumbentChild", "orders-blue"));
    }

    @Test
    void conditionsJudgeTheStatusAndTheJsonBody() {
        hook.on(HOOK, Answer.of(200, "{\"score\":0.7}"));

        Measurement m = measure(spec(null), "result.status == 200 && result.body.score > 0.8");

        assertThat(m.phase()).isEqualTo(FAILED);
        assertThat(m.value()).isEqualTo("{status: 200, body: {score: 0.7}}");
    }

    @Test
    void a203PassesThoughFlaggerWouldFailIt() {
        hook.on(HOOK, Answer.of(203, "fine"));

        assertThat(measure(spec(null), null).phase()).isEqualTo(SUCCESSFUL);
    }

    @Test
    void aNon2xxAnswerFailsWithTheBodyAsMessageWhateverTheConditions() {
        hook.on(HOOK, Answer.of(400, "lag too high"));

        Measurement m = measure(spec(3), "true");

        assertThat(m.phase()).isEqualTo(FAILED);
        assertThat(m.message()).isEqualTo("webhook answered HTTP 400: lag too high");
        assertThat(hook.requests()).as("a 4xx is not retried").hasSize(1);
    }

    @Test
    void a500ThenA200PassesWhenRetried() {
        hook.next(HOOK, Answer.of(500, "busy")).on(HOOK, Answer.of(200, "{}"));

        Measurement m = measure(spec(2), null);

        assertThat(m.phase()).isEqualTo(SUCCESSFUL);
        assertThat(hook.requests()).hasSize(2);
        assertThat(runner.lastRequests()).isEqualTo(2);
    }

    @Test
    void a500WithoutRetriesFails() {
        hook.next(HOOK, Answer.of(500, "busy")).on(HOOK, Answer.of(200, "{}"));

        Measurement m = measure(spec(null), null);

        assertThat(m.phase()).isEqualTo(FAILED);
        assertThat(m.message()).isEqualTo("webhook answered HTTP 500: busy");
    }

    @Test
    void a501IsNotRetried() {
        hook.next(HOOK, Answer.of(501, "no")).on(HOOK, Answer.of(200, "{}"));

        Measurement m = measure(spec(2), null);

        assertThat(m.phase()).isEqualTo(FAILED);
        assertThat(hook.requests()).hasSize(1);
    }

    @Test
    void anUnreachableWebhookIsAnErrorAfterTheRetries() throws IOException {
        String url = Checks.unreachable() + HOOK;

        Measurement m = measure(spec(url, 1), null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message()).startsWith("POST " + url + ": ").endsWith("(after 2 attempts)");
    }

    @Test
    void anAnswerSlowerThanTheTimeoutIsAnError() {
        hook.on(HOOK, new Answer(200, "{}", 3000));
        WebProviderSpec spec = spec(null);
        spec.setTimeout("300 ms");

        Measurement m = measure(spec, null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message()).isEqualTo("POST " + spec.getUrl() + ": no answer within PT0.3S");
    }

    @Test
    void aMissingSecretIsAnErrorNamingIt() {
        hook.on(HOOK, Answer.of(200, "{}"));
        WebProviderSpec spec = spec(null);
        spec.setHeadersSecretRef("absent");

        Measurement m = measure(spec, null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message())
                .isEqualTo("web.headersSecretRef: Secret 'absent' in namespace 'shop' not found");
        assertThat(hook.requests()).isEmpty();
    }

    @Test
    void negativeRetriesAreAnErrorNamingTheField() {
        Measurement m = measure(spec(-1), null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message()).isEqualTo("web.retries: must be 0 or more, was -1");
    }

    @Test
    void aSecretEntryThatIsNoHeaderIsAnErrorAndNothingIsSent() {
        secret("bad-header", Map.of("Connection", base64("close")));
        WebProviderSpec spec = spec(null);
        spec.setHeadersSecretRef("bad-header");

        Measurement m = measure(spec, null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message())
                .startsWith("web: cannot send " + spec.getUrl() + ": ")
                .contains("Connection");
        assertThat(hook.requests()).isEmpty();
    }

    @Test
    void aSecretEntryThatIsNotBase64IsAnErrorNamingTheEntry() {
        secret("not-base64", Map.of("X-Token", "%%%"));
        WebProviderSpec spec = spec(null);
        spec.setHeadersSecretRef("not-base64");

        Measurement m = measure(spec, null);

        assertThat(m.phase()).isEqualTo(ERROR);
        assertThat(m.message())
                .isEqualTo(
                        "web.headersSecretRef: Secret 'not-base64' in namespace 'shop': entry 'X-Token' is not base64");
    }

    private static void secret(String name, Map<String, String> data) {
        client.secrets()
                .inNamespace("shop")
                .resource(
                        new SecretBuilder()
                                .withNewMetadata()
                                .withName(name)
                                .endMetadata()
                                .withData(data)
                                .build())
                .create();
    }
}
