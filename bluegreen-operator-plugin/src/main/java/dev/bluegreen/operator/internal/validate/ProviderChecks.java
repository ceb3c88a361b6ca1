package dev.bluegreen.operator.internal.validate;

import dev.bluegreen.operator.resource.AnalysisProviderSpec;
import dev.bluegreen.operator.resource.ExtensionProviderSpec;
import dev.bluegreen.operator.resource.PrometheusProviderSpec;
import dev.bluegreen.operator.resource.WebProviderSpec;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The checks of one analysis check's {@code provider}: exactly one provider, and its fields.
 * Whether an extension provider's name is one a loaded extension offers is known only at run time
 * (the measurement is then an error naming it).
 */
final class ProviderChecks {
    /** The provider fields, in the order of the spec. */
    static final List<String> PROVIDERS = List.of("prometheus", "web", "flink", "extension");

    /** The most further attempts a web check may make. */
    static final int WEB_RETRIES_MAX = WebProviderSpec.WEB_RETRIES_MAX;

    private static final Pattern DNS_1123_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final int SUBDOMAIN_MAX = 253;

    private ProviderChecks() {}

    /** Adds the problems of the provider in {@code field}. */
    static void provider(String field, AnalysisProviderSpec provider, List<SpecProblem> problems) {
        List<String> set = provider == null ? List.of() : set(provider);
        if (set.size() != 1) {
            problems.add(
                    new SpecProblem(
                            field,
                            "expected exactly one of "
                                    + String.join(", ", PROVIDERS)
                                    + ", got "
                                    + (set.isEmpty() ? "none" : String.join(", ", set))));
            return;
        }
        prometheus(field + ".prometheus", provider.getPrometheus(), problems);
        web(field + ".web", provider.getWeb(), problems);
        if (provider.getFlink() != null) {
            timeout(field + ".flink", provider.getFlink().getTimeout(), problems);
        }
        extension(field + ".extension", provider.getExtension(), problems);
    }

    private static List<String> set(AnalysisProviderSpec provider) {
        var set = new ArrayList<String>();
        Object[] values = {
            provider.getPrometheus(),
            provider.getWeb(),
            provider.getFlink(),
            provider.getExtension()
        };
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                set.add(PROVIDERS.get(i));
            }
        }
        return set;
    }

    private static void prometheus(
            String field, PrometheusProviderSpec prometheus, List<SpecProblem> problems) {
        if (prometheus == null) {
            return;
        }
        httpUrl(field + ".address", prometheus.getAddress(), problems);
        if (prometheus.getQuery() == null || prometheus.getQuery().isBlank()) {
            problems.add(new SpecProblem(field + ".query", "required: a PromQL query"));
        }
        timeout(field, prometheus.getTimeout(), problems);
    }

    private static void web(String field, WebProviderSpec web, List<SpecProblem> problems) {
        if (web == null) {
            return;
        }
        httpUrl(field + ".url", web.getUrl(), problems);
        timeout(field, web.getTimeout(), problems);
        Integer retries = web.getRetries();
        if (retries != null && (retries < 0 || retries > WEB_RETRIES_MAX)) {
            problems.add(
                    new SpecProblem(
                            field + ".retries",
                            "expected 0 to " + WEB_RETRIES_MAX + ", got " + retries));
        }
        String secret = web.getHeadersSecretRef();
        if (secret != null
                && (secret.length() > SUBDOMAIN_MAX
                        || !DNS_1123_SUBDOMAIN.matcher(secret).matches())) {
            problems.add(
                    new SpecProblem(
                            field + ".headersSecretRef",
                            "expected the name of a Secret (a DNS-1123 subdomain), got \""
                                    + secret
                                    + "\""));
        }
    }

    private static void extension(
            String field, ExtensionProviderSpec extension, List<SpecProblem> problems) {
        if (extension != null && (extension.getName() == null || extension.getName().isBlank())) {
            problems.add(
                    new SpecProblem(
                            field + ".name",
                            "required: the name of a metric provider a loaded extension offers"));
        }
    }

    /** The provider's {@code timeout}, when set: a duration above zero. */
    private static void timeout(String field, String timeout, List<SpecProblem> problems) {
        AnalysisChecks.duration(field + ".timeout", timeout, true, problems);
    }

    private static final Set<String> HTTP_SCHEMES = Set.of("http", "https");

    /** A required absolute http or https URL with a host. */
    private static void httpUrl(String field, String url, List<SpecProblem> problems) {
        if (url == null || url.isBlank()) {
            problems.add(new SpecProblem(field, "required: an http or https URL"));
            return;
        }
        if (!isHttpUrl(url)) {
            problems.add(
                    new SpecProblem(
                            field,
                            "expected an absolute http or https URL with a host, got \""
                                    + url
                                    + "\""));
        }
    }

    private static boolean isHttpUrl(String url) {
        try {
            URI uri = new URI(url);
            return uri.getScheme() != null
                    && HTTP_SCHEMES.contains(uri.getScheme().toLowerCase(java.util.Locale.ROOT))
                    && uri.getHost() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
