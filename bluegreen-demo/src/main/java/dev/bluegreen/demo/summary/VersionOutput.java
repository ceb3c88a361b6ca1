package dev.bluegreen.demo.summary;

/**
 * What one job version wrote.
 *
 * @param version the version label, e.g. {@code v2}
 * @param lines lines it wrote
 * @param firstId the smallest record id among them, -1 for none
 * @param lastId the largest record id among them, -1 for none
 */
public record VersionOutput(String version, long lines, long firstId, long lastId) {}
