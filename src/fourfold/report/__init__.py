"""Reports: the terminal summary and JUnit XML (the HTML report comes later)."""

from ._compare import render_comparison
from ._junit import junit_xml, write_junit
from ._terminal import print_summary, render_summary

__all__ = ["junit_xml", "print_summary", "render_comparison", "render_summary", "write_junit"]
