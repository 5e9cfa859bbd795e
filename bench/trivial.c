/* SPDX-License-Identifier: MIT */
/* A program that does nothing: what starting it costs is all there is. */
int main(void)
{
	return 0;
}
