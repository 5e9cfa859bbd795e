/*
 * The start-up constructor: read the configuration, plan, prepare,
 * commit, report.
 */
__attribute__((constructor)) static void hl_ctor(void)
{
}
