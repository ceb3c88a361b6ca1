package dev.bluegreen.operator.internal.spec;

import dev.bluegreen.ingress.IngressApiVersion;

import io.fabric8.kubernetes.api.model.HasMetadata;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Ingress API the controller writes the parent Ingress in, chosen from the Kubernetes server
 * version read once at start-up: {@code networking.k8s.io/v1beta1} below 1.19, {@code
 * networking.k8s.io/v1} from 1.19 on. A version that cannot be read or parsed gives {@code v1} (the
 * only Ingress API of every supported Kubernetes release since 1.22). Stateless, thread-safe.
 */
public final class IngressApi {
    /** The choice when the server version is unknown or unparsable. */
    public static final IngressApiVersion DEFAULT = IngressApiVersion.NETWORKING_V1;

    private static final Pattern LEADING_NUMBER = Pattern.compile("^\\D*?(\\d+)");
    private static final Pattern GIT_VERSION = Pattern.compile("^v?(\\d+)\\.(\\d+)");

    private IngressApi() {}

    /**
     * The Ingress API for a server reporting {@code major}, {@code minor} and {@code gitVersion}
     * (the fields of {@code GET /version}). Managed clusters decorate them ({@code "27+"}, {@code
     * "v1.30.2-gke.1"}): the leading number counts; {@code gitVersion} is used when major or minor
     * has none.
     *
     * @param major e.g. {@code "1"}, or {@code null}
     * @param minor e.g. {@code "18"} or {@code "27+"}, or {@code null}
     * @param gitVersion e.g. {@code "v1.30.2-gke.1"}, or {@code null}
     * @return {@code v1beta1} for a server older than 1.19, else {@link #DEFAULT}
     */
    public static IngressApiVersion forServer(String major, String minor, String gitVersion) {
        Integer maj = leadingNumber(major);
        Integer min = leadingNumber(minor);
        if (maj == null || min == null) {
            Matcher m = GIT_VERSION.matcher(gitVersion == null ? "" : gitVersion.trim());
            if (!m.find()) {
                return DEFAULT;
            }
            maj = Integer.valueOf(m.group(1));
            min = Integer.valueOf(m.group(2));
        }
        return maj == 1 && min < 19 ? IngressApiVersion.NETWORKING_V1BETA1 : DEFAULT;
    }

    /** The fabric8 model class of {@code version}'s Ingress. */
    public static Class<? extends HasMetadata> ingressClass(IngressApiVersion version) {
        return switch (Objects.requireNonNull(version, "version == null")) {
            case NETWORKING_V1 -> io.fabric8.kubernetes.api.model.networking.v1.Ingress.class;
            case NETWORKING_V1BETA1 ->
                    io.fabric8.kubernetes.api.model.networking.v1beta1.Ingress.class;
        };
    }

    private static Integer leadingNumber(String text) {
        if (text == null) {
            return null;
        }
        Matcher m = LEADING_NUMBER.matcher(text.trim());
        if (!m.find() || m.group(1).length() > 6) {
            return null;
        }
        return Integer.valueOf(m.group(1));
    }
}
