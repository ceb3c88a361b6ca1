package dev.bluegreen.operator.internal.dashboard;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The frame every page shares: one inline stylesheet (allowed by its hash in {@link #CSP}, so
 * nothing else may style or script the page), a refresh every {@value #REFRESH_SECONDS} seconds
 * while the tab is open, and no external asset. Pure.
 */
final class Pages {
    /** How often an open page reloads itself. */
    static final int REFRESH_SECONDS = 5;

    static final String STYLE =
            "body{font-family:sans-serif;margin:1.5em;color:#222}"
                    + "table{border-collapse:collapse;margin:.5em 0 1.5em}"
                    + "th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;"
                    + "vertical-align:top;font-size:.9em}"
                    + "th{background:#f2f2f2}.muted{color:#777}"
                    + ".Warning{color:#c0392b}h1 a{color:inherit;text-decoration:none}"
                    + "svg.timeline{border:1px solid #ddd;background:#fafafa}";

    /**
     * The Content-Security-Policy of every page: nothing may load or run, except the one stylesheet
     * above; forms submit to the dashboard only; no framing.
     */
    static final String CSP =
            "default-src 'none'; style-src '"
                    + hash(STYLE)
                    + "'; img-src 'none'; script-src 'none'; form-action 'self';"
                    + " base-uri 'none'; frame-ancestors 'none'";

    private Pages() {}

    /** Opens a page titled {@code title} (escaped). */
    static Html open(String title) {
        return new Html()
                .raw("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
                .raw("<meta http-equiv=\"refresh\" content=\"" + REFRESH_SECONDS + "\">")
                .raw("<title>")
                .text(title)
                .raw("</title><style>" + STYLE + "</style></head><body>");
    }

    /** Closes the page. */
    static String close(Html page) {
        return page.raw(
                        "<p class=\"muted\">From the controller's caches; refreshes every "
                                + REFRESH_SECONDS
                                + " s. Read-only.</p></body></html>")
                .toString();
    }

    /** The path of one parent's page. */
    static String parentPath(String namespace, String name) {
        return "/parents/" + url(namespace) + "/" + url(name);
    }

    private static String url(String segment) {
        return URLEncoder.encode(segment == null ? "" : segment, StandardCharsets.UTF_8);
    }

    private static String hash(String style) {
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256")
                            .digest(style.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }
}
