# rule: bounds
# file: drivers/rapidio/spec/voq_ef.c
# what: an extended-feature pointer past the EF space is followed
s/return ptr >= RIO_VOQ_EF_SPACE_START \&\& ptr <= RIO_VOQ_EF_SPACE_END \&\&/return ptr >= RIO_VOQ_EF_SPACE_START \&\&/
