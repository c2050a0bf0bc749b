"""`model.cached_attribute`: computed on the first read only, then an instance attribute."""

from schema_lint.model import cached_attribute


class _Counted:
    def __init__(self) -> None:
        self.computed = 0

    @cached_attribute
    def value(self) -> list[int]:
        """The docstring stays the attribute's."""
        self.computed += 1
        return [self.computed]


def test_the_first_read_computes_and_later_reads_are_the_same_object():
    counted = _Counted()
    first = counted.value
    assert counted.value is first and counted.computed == 1
    assert counted.__dict__["value"] is first  # a plain attribute from then on


def test_each_instance_computes_its_own():
    one, other = _Counted(), _Counted()
    assert one.value is not other.value


def test_read_on_the_class_it_is_the_descriptor():
    assert isinstance(_Counted.value, cached_attribute)
    assert _Counted.value.__doc__ == "The docstring stays the attribute's."
