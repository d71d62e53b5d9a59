"""Resources: the team's own data that checks consult (a catalog, a policy index, accounts)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ._records import read_records
from .errors import ConfigError

__all__ = ["Resource", "Resources", "load_resource"]


@dataclass(frozen=True)
class Resource:
    """A list of records, indexed by a key field.

    Examples:
        >>> r = Resource("catalog", [{"sku": "A1", "price": 10}], key="sku")
        >>> "A1" in r, r.get("A1")["price"], r.get("nope")
        (True, 10, None)
    """

    name: str
    records: list[dict[str, Any]]
    key: str = "id"
    path: Path | None = None
    _index: dict[str, dict[str, Any]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, dict[str, Any]] = {}
        for record in self.records:
            if self.key in record:
                index[str(record[self.key])] = record
        object.__setattr__(self, "_index", index)

    def __contains__(self, key: object) -> bool:
        return str(key) in self._index

    def __len__(self) -> int:
        return len(self.records)

    def get(self, key: object) -> dict[str, Any] | None:
        """The record whose key field equals `key`, or None."""
        return self._index.get(str(key))

    @property
    def ids(self) -> set[str]:
        """Every key in the resource."""
        return set(self._index)


class Resources(Mapping[str, Resource]):
    """The named resources of a suite."""

    def __init__(self, resources: Mapping[str, Resource] | None = None) -> None:
        self._items = dict(resources or {})

    def __getitem__(self, name: str) -> Resource:
        try:
            return self._items[name]
        except KeyError:
            known = ", ".join(sorted(self._items)) or "none"
            raise ConfigError(
                f"no resource named {name!r} (the suite defines: {known})",
                hint="add it under 'resources:' in the suite",
            ) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)


def load_resource(name: str, path: Path, *, key: str = "id") -> Resource:
    """Load a resource from a record file or a folder of Markdown files.

    Raises:
        ConfigError: the file is missing or malformed, or no record has the key field.
    """
    records = [r.data for r in read_records(path)]
    if records and not any(key in r for r in records):
        fields = ", ".join(sorted(records[0]))
        raise ConfigError(
            f"resource {name!r}: no record has the key field {key!r} (fields: {fields})",
            file=path,
            hint="set 'key:' on the resource to the field that identifies a record",
            path=("key",),  # the mistake may be the key the suite names, not the file
        )
    return Resource(name, records, key=key, path=path)
